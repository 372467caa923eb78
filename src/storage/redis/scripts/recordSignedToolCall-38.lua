-- Records one failed or timed-out tool call with a message and its template step in one script, for a single Redis
-- server: one round trip. TypeScript decided the step and made the signature from it; this applies the step
-- (lib/template-write.lua) and, only when it applied, recordAndLearnToolCall-29.lua, pasted in whole.
-- KEYS[1..9] learnTemplate-9.lua's, named by input.template.keys; KEYS[10..38] recordAndLearnToolCall-29.lua's
-- ARGV[1] the input as JSON: template (learnTemplate-9.lua's input)
-- ARGV[2] recordAndLearnToolCall-29.lua's input, as it takes it (apart, so that it is not escaped into ARGV[1])
-- Returns JSON: { template = lib/template-write.lua's answer, and when it applied: answer = recordAndLearnToolCall-29.lua's
--   answer as JSON text }. A step replayed or refused, or whose bucket moved, writes nothing more.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/template-bucket.lua
-- @include lib/template-write.lua
-- @function recordAndLearnToolCall recordAndLearnToolCall-29.lua

local input = cjson.decode(ARGV[1])
local placed = writeTemplateStep(withBucketRoot(namedKeys(input.template.keys, 1), input.template), input.template)
if placed.outcome ~= 'applied' then return cjson.encode({ template = placed }) end
local callKeys = {}
for i = 10, 38 do callKeys[#callKeys + 1] = KEYS[i] end
return cjson.encode({ template = placed, answer = recordAndLearnToolCall(callKeys, { ARGV[2] }) })
