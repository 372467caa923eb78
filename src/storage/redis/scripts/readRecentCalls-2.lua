-- Reads tools' pattern states with their most recent kept calls, for the prompt, in one round trip.
-- KEYS[1] patterns hash   KEYS[2] calls hash
-- ARGV[1] calls wanted per tool   ARGV[2..] tool names (none: every tool of the session)
-- Returns a flat list: per tool found, its name, its pattern state JSON, the number N of calls,
-- then N pairs of entry JSON and fixing call id ('' when not fixed), newest first.
local rcall = redis.call
local patternsKey, callsKey = KEYS[1], KEYS[2]
local perTool = tonumber(ARGV[1])

local tools = {}
if #ARGV > 1 then
  for i = 2, #ARGV do tools[#tools + 1] = ARGV[i] end
else
  tools = rcall('HKEYS', patternsKey)
end

local out = {}
for _, tool in ipairs(tools) do
  local raw = rcall('HGET', patternsKey, tool)
  if raw then
    local recent = cjson.decode(raw).recent
    local calls, n = {}, 0
    for i = #recent, 1, -1 do
      if n >= perTool then break end
      local id = recent[i]
      local got = rcall('HMGET', callsKey, 'e:' .. id, 'f:' .. id)
      -- Ids of trimmed entries are skipped: the log no longer keeps them.
      if got[1] then
        calls[#calls + 1] = got[1]
        calls[#calls + 1] = got[2] or ''
        n = n + 1
      end
    end
    out[#out + 1] = tool
    out[#out + 1] = raw
    out[#out + 1] = n
    for _, value in ipairs(calls) do out[#out + 1] = value end
  end
end
return out
