-- Learns one failure message's template in the tenant's template state (lib/template-miner.lua), atomically,
-- as the first step of a keyed write when it has a fingerprint: a retry is answered from the key's record and
-- learns nothing, and a key reused for another request is refused before anything is learned.
-- KEYS the tenant's five template keys, its two recall keys (lib/recall.lua) and the key's record (`record`), named in order by the input's `keys` (failure-templates.ts)
-- ARGV[1] the input as JSON: lib/template-miner.lua's message, with `keys`, `fingerprint` ('' for an unkeyed write) and `record_ttl`
-- Returns the answer as JSON: {outcome = applied|replayed|mismatch, id, template, change, forgotten} (lib/template-step.lua).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/recall-layout.lua
-- @include lib/recall.lua
-- @include lib/template-placement.lua
-- @include lib/template-miner.lua
-- @include lib/template-step.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(templateStep(namedKeys(input.keys, 1), input))
