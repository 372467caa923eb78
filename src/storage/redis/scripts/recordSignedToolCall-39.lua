-- Records one failed or timed-out tool call with a message and makes its signature in the same script, for a
-- single Redis server: one round trip. The message's template step (lib/template-step.lua), its signature
-- (lib/failure-signature.lua), then recordAndLearnToolCall-30.lua, pasted in whole, with the entry's signature and
-- template filled in where the caller left placeholders (random words no request can hold).
-- KEYS[1..8] learnTemplate-8.lua's, named by input.template.keys; KEYS[9..38] recordAndLearnToolCall-30.lua's;
--   KEYS[39] the tenant's signature cache (keys.ts: templateSignatures)
-- ARGV[1] the input as JSON: template (learnTemplate-8.lua's input), error_type, signature_placeholder and
--   template_placeholder (as the entry holds them: the template's with its quotes), signatures_kept (the cache's cap)
--   and ttl (the cache's)
-- ARGV[2] recordAndLearnToolCall-30.lua's input, as it takes it (apart, so that it is not escaped into ARGV[1])
-- Returns JSON: { template = lib/template-step.lua's answer, and unless it is a mismatch: signature, and
--   answer = recordAndLearnToolCall-30.lua's answer as JSON text }.
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
-- @function recordAndLearnToolCall recordAndLearnToolCall-30.lua

local input = cjson.decode(ARGV[1])
local placed = templateStep(namedKeys(input.template.keys, 1), input.template)
if placed.outcome == 'mismatch' then return cjson.encode({ template = placed }) end
local signature = failureSignature(KEYS[39], input.error_type, placed.id, input.signatures_kept, input.ttl)

local callKeys = {}
for i = 9, 38 do callKeys[#callKeys + 1] = KEYS[i] end
-- The template as JavaScript writes it in JSON (cjson also escapes '/'), so the entry reads alike on every path.
local templateJson = string.gsub(cjson.encode(placed.template), '\\/', '/')
local fill = cjson.encode({ signature_placeholder = input.signature_placeholder, signature = signature,
  template_placeholder = input.template_placeholder, template = templateJson })
local answer = recordAndLearnToolCall(callKeys, { ARGV[2], fill })
return cjson.encode({ template = placed, signature = signature, answer = answer })
