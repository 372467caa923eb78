-- Moves one tool of a session from the layout before (its pattern as one JSON document) into its fields; the layout
-- migration runs it for every such tool (migrations.ts). A tool already moved, or already kept in fields by a newer
-- version, is left as it is.
-- KEYS the session's legacy_patterns, tools, and the tool's pattern, args, args_seen, errors, errors_seen, recent, named by the input's `keys`
-- ARGV[1] the input as JSON: {keys, tool, ttl (milliseconds the session has left; -1: none)}
-- Returns 1 when it moved the tool, else 0.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/renewal.lua
-- @include lib/tool-fields.lua
-- @include lib/legacy-moves.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)
if rcall('HEXISTS', k.legacy_patterns, input.tool) == 0 then return 0 end
if movePattern(k, input.tool, input.ttl > 0 and math.ceil(input.ttl / 1000) or 0) then return 1 end
return 0
