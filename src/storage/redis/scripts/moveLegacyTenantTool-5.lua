-- Moves the tenant's knowledge of one tool from the layout before (one JSON document in the tool hash's `state`) into
-- its fields; the layout migration runs it for every such tool (migrations.ts). A tool already moved is left as it is.
-- KEYS the tool hash and its args, args_seen, errors, errors_seen, named by the input's `keys`
-- ARGV[1] the input as JSON: {keys, ttl (milliseconds the tool has left; -1: none)}
-- Returns 1 when it moved the tool, else 0.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/renewal.lua
-- @include lib/tool-fields.lua
-- @include lib/legacy-moves.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)
local raw = rcall('HGET', k.tool, 'state')
if not raw then return 0 end
if moveKnowledge(k, raw, input.ttl > 0 and math.ceil(input.ttl / 1000) or 0) then return 1 end
return 0
