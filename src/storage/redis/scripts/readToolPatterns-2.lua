-- Reads a session's tool patterns, with each tool's most recent kept calls, in one round trip.
-- KEYS[1] the session's tools (sorted set)   KEYS[2] calls hash
-- ARGV[1] the input as JSON: root (what the session's keys start with, keys.ts: session.root), per_tool (calls wanted
--   per tool, 0: none), tools (their names; absent: every tool of the session)
-- Returns JSON: { tools = { { name, pattern, args, errors, calls }, ... } } per tool found; hashes flat, and calls as entry
-- JSON and fixing call id ('' when not fixed) pairs, newest first.
local rcall = redis.call
local toolsKey, callsKey = KEYS[1], KEYS[2]
local input = cjson.decode(ARGV[1])
local root, perTool = input.root, input.per_tool
local tools = input.tools or rcall('ZRANGE', toolsKey, 0, -1)

-- The newest `perTool` calls of `ids` (oldest first) that the log still keeps.
local function recentCalls(ids)
  local calls, n = {}, 0
  for i = #ids, 1, -1 do
    if n >= perTool then break end
    local got = rcall('HMGET', callsKey, 'e:' .. ids[i], 'f:' .. ids[i])
    if got[1] then
      calls[#calls + 1] = got[1]
      calls[#calls + 1] = got[2] or ''
      n = n + 1
    end
  end
  return calls
end

local out = {}
for _, tool in ipairs(tools) do
  local pattern = rcall('HGETALL', root .. 'pattern:' .. tool)
  if #pattern > 0 then
    -- The log trims its oldest calls first, so only the newest ids of the tool can still be kept.
    local recent = perTool > 0 and rcall('LRANGE', root .. 'recent:' .. tool, -perTool, -1) or {}
    out[#out + 1] = { name = tool, pattern = pattern, args = rcall('HGETALL', root .. 'args:' .. tool),
      errors = rcall('HGETALL', root .. 'errors:' .. tool), calls = recentCalls(recent) }
  end
end
return cjson.encode({ tools = out })
