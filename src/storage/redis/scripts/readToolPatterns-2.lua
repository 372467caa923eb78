-- Reads a session's tool patterns, with each tool's most recent kept calls, in one round trip.
-- KEYS[1] the session's tools (sorted set)   KEYS[2] calls hash
-- ARGV[1] what the session's keys start with (keys.ts: session.root)   ARGV[2] calls wanted per tool (0: none)
-- ARGV[3..] tool names (none: every tool of the session)
-- Returns per tool found: { name, 'fields', pattern hash, argument fields, error fields, calls }; hashes flat, and calls
-- as entry JSON and fixing call id ('' when not fixed) pairs, newest first.
local rcall = redis.call
local toolsKey, callsKey = KEYS[1], KEYS[2]
local root, perTool = ARGV[1], tonumber(ARGV[2])

local tools = {}
if #ARGV > 2 then
  for i = 3, #ARGV do tools[#tools + 1] = ARGV[i] end
else
  tools = rcall('ZRANGE', toolsKey, 0, -1)
end

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
    out[#out + 1] = { tool, 'fields', pattern, rcall('HGETALL', root .. 'args:' .. tool), rcall('HGETALL', root .. 'errors:' .. tool), recentCalls(recent) }
  end
end
return out
