-- Reads the tenant's activity for its overview: active tasks and sessions, failures by category,
-- counts per minute or hour, and latency counts. Every key is named from the tenant's prefix and
-- shares KEYS[1]'s slot.
-- KEYS[1] the tasks listing index
-- ARGV[1] the tenant's prefix   ARGV[2] now (ms)   ARGV[3] 'minute' or 'hour'
-- ARGV[4] the first hour (minutes) or day (hours) whose counts hash to read   ARGV[5] the first hour of latency counts
-- Returns { tasks in the last hour, in the last day, sessions in the last hour, in the last day,
--           categories as a flat hash, { hour or day, its counts as a flat hash, ... },
--           latency as a flat hash '<bucket>:<tool>' → calls, summed over the hours read }.
local rcall = redis.call
local prefix, now, unit = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local hourAgo, dayAgo = string.format('%d', now - 3600000), string.format('%d', now - 86400000)
local sessions = prefix .. 'idx:sessions'
local nowHour = math.floor(now / 3600000)

local counts = {}
local kind, last = 'minutes:', nowHour
if unit == 'hour' then kind, last = 'hours:', math.floor(nowHour / 24) end
for at = tonumber(ARGV[4]), last do
  counts[#counts + 1] = at
  counts[#counts + 1] = rcall('HGETALL', prefix .. kind .. string.format('%d', at))
end

-- Summed here, so that a week's 168 hashes go back as one ('<bucket>:<tool>' → calls).
local sums, order = {}, {}
for hour = tonumber(ARGV[5]), nowHour do
  local fields = rcall('HGETALL', prefix .. 'latency:' .. string.format('%d', hour))
  for i = 1, #fields, 2 do
    local field, n = fields[i], tonumber(fields[i + 1])
    if sums[field] then sums[field] = sums[field] + n else sums[field] = n; order[#order + 1] = field end
  end
end
local latency = {}
for _, field in ipairs(order) do
  latency[#latency + 1] = field
  latency[#latency + 1] = sums[field]
end

return {
  rcall('ZCOUNT', KEYS[1], hourAgo, '+inf'), rcall('ZCOUNT', KEYS[1], dayAgo, '+inf'),
  rcall('ZCOUNT', sessions, hourAgo, '+inf'), rcall('ZCOUNT', sessions, dayAgo, '+inf'),
  rcall('HGETALL', prefix .. 'categories'), counts, latency,
}
