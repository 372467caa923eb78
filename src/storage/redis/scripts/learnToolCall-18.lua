-- Applies one recorded call to the tenant's knowledge of its tool as tool-fixes.ts decided it (lib/learn-tool-call.lua),
-- at most once per write id, while what the decision read is still so.
-- KEYS the tenant's keys, named in order by the input's `keys` (tool-call-scripts.ts: tenantKeys)
-- ARGV[1] the input as JSON (tool-call-scripts.ts: LearnInput)
-- Returns lib/learn-tool-call.lua's answer as JSON.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/call-arguments.lua
-- @include lib/renewal.lua
-- @include lib/seen-at.lua
-- @include lib/tool-fields.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/learn-tool-call.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(learnToolCall(namedKeys(input.keys, 1), input))
