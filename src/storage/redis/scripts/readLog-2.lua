-- Reads a session's kept log with fix links, newest first, in one consistent round trip.
-- KEYS[1] log list   KEYS[2] calls hash
-- ARGV[1] the input as JSON: newest (how many of the newest entries, 0: all)
-- Returns JSON: { calls = { entry JSON, fixing call id ('' when not fixed), ... } }, pairs flat as readToolPatterns' calls.
local rcall = redis.call
local newest = cjson.decode(ARGV[1]).newest
local ids = rcall('LRANGE', KEYS[1], newest > 0 and -newest or 0, -1)
local out = {}
for i = #ids, 1, -1 do
  local got = rcall('HMGET', KEYS[2], 'e:' .. ids[i], 'f:' .. ids[i])
  if got[1] then
    out[#out + 1] = got[1]
    out[#out + 1] = got[2] or ''
  end
end
return cjson.encode({ calls = out })
