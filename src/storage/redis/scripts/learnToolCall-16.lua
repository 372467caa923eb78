-- Folds one recorded call into the tenant's knowledge of its tool (lib/learn-tool-call.lua), at most once
-- per write id, and answers the fix the tenant offers the call's failure.
-- KEYS the tenant's keys, named in order by the input's `keys` (tool-call-scripts.ts: tenantKeyNames)
-- ARGV[1] the input as JSON: lib/learn-tool-call.lua's, with `keys`
-- Returns the answer as JSON (lib/learn-tool-call.lua).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/call-arguments.lua
-- @include lib/renewal.lua
-- @include lib/tool-fields.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/learn-tool-call.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(learnToolCall(namedKeys(input.keys, 1), input))
