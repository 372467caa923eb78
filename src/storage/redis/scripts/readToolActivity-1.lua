-- Reads one tool's activity for its dashboard view: calls and successes per hour, its latency
-- buckets summed over those hours, and the sessions that called it most recently. Every key is
-- named from the tenant's prefix and shares KEYS[1]'s slot.
-- KEYS[1] the tool's recent sessions (session id → when it last called the tool, ms)
-- ARGV[1] the input as JSON: prefix (the tenant's), tool, first_hour, last_hour, buckets (latency buckets),
--   sessions_listed (at most), oldest (the oldest call a listed session may have, ms, or '-inf')
-- Returns JSON: { hours = { { hour, calls, successes }, ... for hours with calls }, latency = { calls per bucket },
--   recent = { { id, at }, ... } }.
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local prefix, tool = input.prefix, input.tool
local buckets = input.buckets
local bucketFields = {}
for bucket = 0, buckets - 1 do bucketFields[#bucketFields + 1] = bucket .. ':' .. tool end

local hours, latency = {}, {}
for bucket = 1, buckets do latency[bucket] = 0 end
for hour = input.first_hour, input.last_hour do
  local at = string.format('%d', hour)
  local counts = rcall('HMGET', prefix .. 'toolhour:' .. at, 'c:' .. tool, 's:' .. tool)
  if counts[1] then
    hours[#hours + 1] = { hour = hour, calls = tonumber(counts[1]), successes = tonumber(counts[2] or 0) }
    local timed = rcall('HMGET', prefix .. 'latency:' .. at, unpack(bucketFields))
    for bucket = 1, buckets do latency[bucket] = latency[bucket] + tonumber(timed[bucket] or 0) end
  end
end

local oldest = input.oldest
if type(oldest) == 'number' then oldest = string.format('%d', oldest) end
local found = rcall('ZREVRANGEBYSCORE', KEYS[1], '+inf', oldest, 'WITHSCORES', 'LIMIT', 0, input.sessions_listed)
local recent = {}
for i = 1, #found, 2 do recent[#recent + 1] = { id = found[i], at = tonumber(found[i + 1]) } end
return cjson.encode({ hours = hours, latency = latency, recent = recent })
