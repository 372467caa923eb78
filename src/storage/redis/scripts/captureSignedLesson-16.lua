-- Captures one lesson and makes its signature in the same script, for a single Redis server, where one script
-- may touch both the task's hash tag and the tenant's: one round trip. The message's template step
-- (lib/template-step.lua), its signature (lib/failure-signature.lua), then the task's write (appendLesson-5.lua)
-- and the tenant's (countSignature-6.lua), each as a Redis Cluster runs it on its own (signature-knowledge.ts).
-- The lesson's JSON and the two scripts' arguments come with the signature unknown: the lesson's JSON holds a
-- placeholder for it (a random word no request can hold), filled in here.
-- KEYS[1..8] learnTemplate-8.lua's, named by input.template.keys; KEYS[9..13] appendLesson-5.lua's; KEYS[14] and
--   KEYS[15] countSignature-6.lua's KEYS[3] and KEYS[6] (its other keys are named from the signature); KEYS[16] the
--   tenant's signature cache (keys.ts: templateSignatures)
-- ARGV[1] the input as JSON: template (learnTemplate-8.lua's input), error_type, placeholder, lesson and count (the
--   two scripts' ARGV, as text, without the lesson's JSON), signature_keys (the beginnings of countSignature-6.lua's
--   KEYS[1], [2], [4] and [5], which end with the signature), signatures_kept (the cache's cap) and ttl (the cache's)
-- ARGV[2] the lesson's JSON, with the placeholder as its signature (apart, so that it is not escaped into ARGV[1])
-- Returns JSON: { template = lib/template-step.lua's answer, and unless it is a mismatch: signature,
--   lesson = appendLesson-5.lua's reply, known = countSignature-6.lua's }.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/recall-layout.lua
-- @include lib/recall.lua
-- @include lib/template-placement.lua
-- @include lib/template-miner.lua
-- @include lib/template-step.lua
-- @include lib/sha256.lua
-- @include lib/failure-signature.lua
-- @include lib/placeholder.lua
-- @function appendLesson appendLesson-5.lua
-- @function countSignature countSignature-6.lua

local input = cjson.decode(ARGV[1])
local placed = templateStep(namedKeys(input.template.keys, 1), input.template)
if placed.outcome == 'mismatch' then return cjson.encode({ template = placed }) end
local signature = failureSignature(KEYS[16], input.error_type, placed.id, input.signatures_kept, input.ttl)

local lessonArgs, countArgs, ends = input.lesson, input.count, input.signature_keys
local lessonJson = fillPlaceholder(ARGV[2], input.placeholder, signature)
lessonArgs[1], lessonArgs[6], lessonArgs[16] = lessonJson, signature, placed.template
countArgs[1], countArgs[13], countArgs[18] = signature, lessonJson, placed.template
local appended = appendLesson({ KEYS[9], KEYS[10], KEYS[11], KEYS[12], KEYS[13] }, lessonArgs)
local known = countSignature({ ends[1] .. signature, ends[2] .. signature, KEYS[14], ends[3] .. signature, ends[4] .. signature, KEYS[15] }, countArgs)
return cjson.encode({ template = placed, signature = signature, lesson = appended, known = known })
