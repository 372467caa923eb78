-- Reads the tenant's activity for its overview: active tasks and sessions, failures by category,
-- and minute counts. Every key is named from the tenant's prefix and shares KEYS[1]'s slot.
-- KEYS[1] the tasks listing index
-- ARGV[1] the tenant's prefix   ARGV[2] now (ms)   ARGV[3] the first hour (since the epoch) to read
-- Returns { tasks in the last hour, in the last day, sessions in the last hour, in the last day,
--           categories as a flat hash, then per hour: the hour, its counts as a flat hash }.
local rcall = redis.call
local prefix, now, firstHour = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local hourAgo, dayAgo = string.format('%d', now - 3600000), string.format('%d', now - 86400000)
local sessions = prefix .. 'idx:sessions'
local reply = {
  rcall('ZCOUNT', KEYS[1], hourAgo, '+inf'), rcall('ZCOUNT', KEYS[1], dayAgo, '+inf'),
  rcall('ZCOUNT', sessions, hourAgo, '+inf'), rcall('ZCOUNT', sessions, dayAgo, '+inf'),
  rcall('HGETALL', prefix .. 'categories'),
}
for hour = firstHour, math.floor(now / 3600000) do
  reply[#reply + 1] = hour
  reply[#reply + 1] = rcall('HGETALL', prefix .. 'minutes:' .. string.format('%d', hour))
end
return reply
