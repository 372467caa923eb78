-- Records one tool call in its session and applies it to the tenant's knowledge of the tool, in one script: for a
-- single Redis server, where a script may touch both hash tags. (A Redis Cluster keeps them in two slots and runs
-- recordToolCall, then learnToolCall.) TypeScript decided both parts; each applies only while what it read is still so.
-- KEYS recordToolCall-13.lua's, then learnToolCall-18.lua's, each named by its part of the input
-- ARGV[1] the input as JSON: { session = recordToolCall's input, tenant = learnToolCall's }
-- Returns { recorded = recordToolCall's answer, learned = learnToolCall's } as JSON. The tenant's part runs only when the
--   session's applied: a replay or a refusal leaves it to the caller (a replay's first write decides what it learns).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/call-arguments.lua
-- @include lib/renewal.lua
-- @include lib/seen-at.lua
-- @include lib/tool-fields.lua
-- @include lib/session-window.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/record-tool-call.lua
-- @include lib/learn-tool-call.lua

local input = cjson.decode(ARGV[1])
local session, tenant = input.session, input.tenant
local sessionKeys = namedKeys(session.keys, 1)
sessionKeys.root = session.root
local recorded = recordToolCall(sessionKeys, session)
if recorded.outcome ~= 'applied' then return cjson.encode({ recorded = recorded }) end
-- Known only now: the tenant's part refuses itself if its decision took another call for the one before.
tenant.previous_id = recorded.previous_id
return cjson.encode({ recorded = recorded, learned = learnToolCall(namedKeys(tenant.keys, #session.keys + 1), tenant) })
