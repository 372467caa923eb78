-- Reads the tenant's activity for its overview: active tasks and sessions, failures by category,
-- counts per minute or hour, and latency counts. Every key is named from the tenant's prefix and
-- shares KEYS[1]'s slot.
-- KEYS[1] the tasks listing index
-- ARGV[1] the input as JSON: prefix (the tenant's), now_ms, unit ('minute' or 'hour'), first (the first hour, for
--   minutes, or day, for hours, whose counts hash to read), latency_first_hour
-- Returns JSON: { tasks_last_hour, tasks_last_day, sessions_last_hour, sessions_last_day, categories (a flat hash),
--   counts = { { at (the hour or day), fields (its counts, a flat hash) }, ... }, latency ('<bucket>:<tool>' → calls,
--   summed over the hours read) }.
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local prefix, now, unit = input.prefix, input.now_ms, input.unit
local hourAgo, dayAgo = string.format('%d', now - 3600000), string.format('%d', now - 86400000)
local sessions = prefix .. 'idx:sessions'
local nowHour = math.floor(now / 3600000)

local counts = {}
local kind, last = 'minutes:', nowHour
if unit == 'hour' then kind, last = 'hours:', math.floor(nowHour / 24) end
for at = input.first, last do
  counts[#counts + 1] = { at = at, fields = rcall('HGETALL', prefix .. kind .. string.format('%d', at)) }
end

-- Summed here, so that a week's 168 hashes go back as one ('<bucket>:<tool>' → calls).
local latency = {}
for hour = input.latency_first_hour, nowHour do
  local fields = rcall('HGETALL', prefix .. 'latency:' .. string.format('%d', hour))
  for i = 1, #fields, 2 do latency[fields[i]] = (latency[fields[i]] or 0) + tonumber(fields[i + 1]) end
end

return cjson.encode({
  tasks_last_hour = rcall('ZCOUNT', KEYS[1], hourAgo, '+inf'), tasks_last_day = rcall('ZCOUNT', KEYS[1], dayAgo, '+inf'),
  sessions_last_hour = rcall('ZCOUNT', sessions, hourAgo, '+inf'), sessions_last_day = rcall('ZCOUNT', sessions, dayAgo, '+inf'),
  categories = rcall('HGETALL', prefix .. 'categories'), counts = counts, latency = latency,
})
