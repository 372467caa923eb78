-- Captures one lesson with its template step in one script, for a single Redis server, where one script may touch
-- both the task's hash tag and the tenant's: one round trip. TypeScript decided the step and made the signature
-- from it; this applies the step (lib/template-write.lua) and, only when it applied, the task's write
-- (appendLesson-5.lua) and the tenant's (countSignature-6.lua), each as a Redis Cluster runs it on its own.
-- KEYS[1..9] learnTemplate-9.lua's, named by input.template.keys; KEYS[10..14] appendLesson-5.lua's; KEYS[15..20]
--   countSignature-6.lua's
-- ARGV[1] the input as JSON: template (learnTemplate-9.lua's input), lesson and count (the two scripts' ARGV, the
--   lesson's JSON left out of both)
-- ARGV[2] the lesson's JSON (apart, so that it is not escaped into ARGV[1])
-- Returns JSON: { template = lib/template-write.lua's answer, and when it applied: lesson = appendLesson-5.lua's
--   reply, known = countSignature-6.lua's }. A step replayed or refused, or whose bucket moved, writes nothing more.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/template-bucket.lua
-- @include lib/template-write.lua
-- @function appendLesson appendLesson-5.lua
-- @function countSignature countSignature-6.lua

local input = cjson.decode(ARGV[1])
local placed = writeTemplateStep(withBucketRoot(namedKeys(input.template.keys, 1), input.template), input.template)
if placed.outcome ~= 'applied' then return cjson.encode({ template = placed }) end

local lessonArgs, countArgs = input.lesson, input.count
lessonArgs[1], countArgs[13] = ARGV[2], ARGV[2]
local appended = appendLesson({ KEYS[10], KEYS[11], KEYS[12], KEYS[13], KEYS[14] }, lessonArgs)
local known = countSignature({ KEYS[15], KEYS[16], KEYS[17], KEYS[18], KEYS[19], KEYS[20] }, countArgs)
return cjson.encode({ template = placed, lesson = appended, known = known })
