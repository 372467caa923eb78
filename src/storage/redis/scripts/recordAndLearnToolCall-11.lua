-- Records one tool call in its session and folds it into the tenant's knowledge of the tool, in one
-- script: for a single Redis server, where a script may touch both hash tags. (A Redis Cluster keeps
-- them in two slots and runs recordToolCall, then learnToolCall.)
-- KEYS[1..7] recordToolCall-7.lua's   KEYS[8..11] learnToolCall-4.lua's
-- ARGV[1..18] recordToolCall-7.lua's, with the argument names in canonical order as ARGV[18]
-- ARGV[19..50] learnToolCall-4.lua's, where what the session decides is left '' and filled in here:
--   the call id (3), the fixed failure's error type (10) and id (11), the delta as given (12) and
--   canonical (13), the entry (25) and the fix event (26) as JSON, the previous call of the tool (29),
--   and what adoption of the fix compares (30)
-- Returns recordToolCall's reply, then learnToolCall's after it ({ 'mismatch' } alone when refused):
-- { 'applied' | 'replayed', id, time, fixed id, delta, fixed error type, known fix delta or '', times applied,
--   offer id, offered fix's counts }.
local rcall = redis.call

-- @include lib/idempotency.lua
-- @include lib/pattern-fold.lua
-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/record-tool-call.lua
-- @include lib/learn-tool-call.lua

local function slice(list, from, to)
  local out = {}
  for i = from, to do out[#out + 1] = list[i] end
  return out
end

local sessionArgs = slice(ARGV, 1, 18)
local recorded = recordToolCall(slice(KEYS, 1, 7), sessionArgs)
if recorded[1] == 'mismatch' then return recorded end

local id, at, fixedId, delta, fixedType, canonical
if recorded[1] == 'applied' then
  id, fixedId, delta, fixedType, canonical = recorded[2], recorded[3], recorded[4], recorded[5], recorded[6]
  at = sessionArgs[8]
else
  -- A replay: the first write folded it into the tenant in this same script, so the idempotency record stops it.
  id, at, fixedId, delta, fixedType, canonical = recorded[2], recorded[3], recorded[4], recorded[5], recorded[6], ''
end

local tenantArgs = slice(ARGV, 19, #ARGV)
tenantArgs[3] = id
tenantArgs[29] = recorded[7] or ''
tenantArgs[30] = fixedId ~= '' and (recorded[8] or '') or ''
tenantArgs[10] = fixedId ~= '' and (fixedType ~= '' and fixedType or 'unknown') or ''
tenantArgs[11] = fixedId
tenantArgs[12] = fixedId ~= '' and delta or ''
tenantArgs[13] = fixedId ~= '' and canonical or ''
local fixFor = fixedId ~= '' and ('"' .. fixedId .. '"') or 'null'
local deltaArgs = fixedId ~= '' and delta or 'null'
tenantArgs[25] = '{"session_id":' .. cjson.encode(tenantArgs[2]) .. ',"id":"' .. id .. '",' .. string.sub(sessionArgs[1], 2, -2) ..
  ',"fixed_by":null,"fix_for":' .. fixFor .. ',"delta_args":' .. deltaArgs .. '}'
tenantArgs[26] = fixedId ~= '' and ('{"session_id":' .. cjson.encode(tenantArgs[2]) .. ',"tool_name":' ..
  cjson.encode(tenantArgs[1]) .. ',"failed_call_id":"' .. fixedId .. '","fix_call_id":"' .. id ..
  '","delta_args":' .. delta .. '}') or ''

local learned = learnToolCall(slice(KEYS, 8, 11), tenantArgs)
return { recorded[1], id, at, fixedId, delta, fixedType, learned[1] or '', learned[2] or 0, learned[3] or '', learned[4] or '' }
