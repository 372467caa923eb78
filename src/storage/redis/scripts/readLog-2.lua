-- Reads a session's kept log with fix links, newest first, in one consistent round trip.
-- KEYS[1] log list   KEYS[2] calls hash
-- ARGV[1] how many of the newest entries (0: all)
-- Returns a flat list of pairs: entry JSON, fixing call id ('' when not fixed).
local rcall = redis.call
local newest = tonumber(ARGV[1])
local ids = rcall('LRANGE', KEYS[1], newest > 0 and -newest or 0, -1)
local out = {}
for i = #ids, 1, -1 do
  local got = rcall('HMGET', KEYS[2], 'e:' .. ids[i], 'f:' .. ids[i])
  if got[1] then
    out[#out + 1] = got[1]
    out[#out + 1] = got[2] or ''
  end
end
return out
