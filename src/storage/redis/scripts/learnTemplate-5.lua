-- Learns one failure message's template in the tenant's template state (lib/template-miner.lua), atomically.
-- KEYS the tenant's five template keys, named in order by the input's `keys` (failure-templates.ts)
-- ARGV[1] the input as JSON: lib/template-miner.lua's message, with `keys`
-- Returns the answer as JSON: {id, template, change, forgotten} (lib/template-miner.lua).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/renewal.lua
-- @include lib/template-miner.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(learnFailureTemplate(namedKeys(input.keys, 1), input))
