-- Captures one lesson with its template step in one script, for a single Redis server, where one script may touch
-- both the task's hash tag and the tenant's: one round trip. TypeScript decided the step and made the signature
-- from it; this applies the step (lib/template-write.lua) and, only when it applied, the task's write
-- (lib/append-lesson.lua) and the tenant's (lib/count-signature.lua), each as a Redis Cluster runs it on its own.
-- KEYS[1..9] learnTemplate-9.lua's, named by input.template.keys; KEYS[10..14] appendLesson-5.lua's, named by
--   input.lesson.keys; KEYS[15..18] countSignature-4.lua's, named by input.count.keys
-- ARGV[1] the input as JSON: template (learnTemplate-9.lua's input), lesson and count (the other two scripts' inputs)
-- ARGV[2] the lesson's JSON (apart, so that it is not escaped into ARGV[1])
-- Returns JSON: { template = lib/template-write.lua's answer, and when it applied: lesson = lib/append-lesson.lua's
--   answer, count = lib/count-signature.lua's }. A step replayed or refused, or whose bucket moved, writes nothing more.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/known-fixes.lua
-- @include lib/template-bucket.lua
-- @include lib/template-write.lua
-- @include lib/append-lesson.lua
-- @include lib/count-signature.lua

local input = cjson.decode(ARGV[1])
local placed = writeTemplateStep(withBucketRoot(namedKeys(input.template.keys, 1), input.template), input.template)
if placed.outcome ~= 'applied' then return cjson.encode({ template = placed }) end
local appended = appendLesson(namedKeys(input.lesson.keys, 10), input.lesson, ARGV[2])
local counted = countSignature(namedKeys(input.count.keys, 15), input.count, ARGV[2])
return cjson.encode({ template = placed, lesson = appended, count = counted })
