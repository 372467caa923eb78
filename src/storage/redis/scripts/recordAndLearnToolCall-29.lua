-- Records one tool call in its session and folds it into the tenant's knowledge of the tool, in one
-- script: for a single Redis server, where a script may touch both hash tags. (A Redis Cluster keeps
-- them in two slots and runs recordToolCall, then learnToolCall.)
-- KEYS recordToolCall-13.lua's, then learnToolCall-16.lua's, each named by its part of the input
-- ARGV[1] the input as JSON: { session = recordToolCall's input, tenant = learnToolCall's }, where what the
--   session allocates or keeps is left out of the tenant's and filled in here: call_id, previous_id, fixed_id,
--   fixed_error_type and delta (a replay's are its first write's), entry_event and fix_event
-- Returns { recorded = recordToolCall's answer, learned = learnToolCall's } as JSON (learned absent when refused, or when
--   the session moved since its fix was decided: nothing is written then).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/call-arguments.lua
-- @include lib/renewal.lua
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
if recorded.outcome == 'mismatch' or recorded.outcome == 'conflict' then return cjson.encode({ recorded = recorded }) end

-- A replay was folded into the tenant by the first write, in this same script: the idempotency record
-- stops it there, whatever it is given.
local fixed = recorded.fixed_id ~= ''
tenant.call_id = recorded.id
tenant.previous_id = recorded.previous_id
tenant.fixed_id = recorded.fixed_id
tenant.fixed_error_type = recorded.fixed_error_type
tenant.delta = recorded.delta
-- The events' data as the Cluster's path writes it (shared-tools.ts), the entry's fields in the same order.
local sessionJson, id = cjson.encode(tenant.session), recorded.id
tenant.entry_event = '{"session_id":' .. sessionJson .. ',"id":"' .. id .. '",' .. string.sub(session.entry, 2, -2) ..
  ',"fixed_by":null,"fix_for":' .. (fixed and ('"' .. recorded.fixed_id .. '"') or 'null') ..
  ',"delta_args":' .. (fixed and recorded.delta or 'null') .. '}'
tenant.fix_event = fixed and ('{"session_id":' .. sessionJson .. ',"tool_name":' .. cjson.encode(tenant.tool) ..
  ',"failed_call_id":"' .. recorded.fixed_id .. '","fix_call_id":"' .. id .. '","delta_args":' .. recorded.delta .. '}') or ''

local learned = learnToolCall(namedKeys(tenant.keys, #session.keys + 1), tenant)
return cjson.encode({ recorded = recorded, learned = learned })
