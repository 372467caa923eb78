-- Reads one tool's activity for its dashboard view: calls and successes per hour, its latency
-- buckets summed over those hours, and the sessions that called it most recently. Every key is
-- named from the tenant's prefix and shares KEYS[1]'s slot.
-- KEYS[1] the tool's recent sessions (session id → when it last called the tool, ms)
-- ARGV[1] the tenant's prefix   ARGV[2] the tool   ARGV[3] the first hour   ARGV[4] the last hour
-- ARGV[5] latency buckets   ARGV[6] sessions listed at most   ARGV[7] the oldest call a listed session may have (ms)
-- Returns { { hour, calls, successes, ... for hours with calls }, { calls per bucket }, { session, ms, ... } }.
local rcall = redis.call
local prefix, tool = ARGV[1], ARGV[2]
local buckets = tonumber(ARGV[5])
local bucketFields = {}
for bucket = 0, buckets - 1 do bucketFields[#bucketFields + 1] = bucket .. ':' .. tool end

local hours, latency = {}, {}
for bucket = 1, buckets do latency[bucket] = 0 end
for hour = tonumber(ARGV[3]), tonumber(ARGV[4]) do
  local at = string.format('%d', hour)
  local counts = rcall('HMGET', prefix .. 'toolhour:' .. at, 'c:' .. tool, 's:' .. tool)
  if counts[1] then
    hours[#hours + 1] = hour
    hours[#hours + 1] = tonumber(counts[1])
    hours[#hours + 1] = tonumber(counts[2] or 0)
    local timed = rcall('HMGET', prefix .. 'latency:' .. at, unpack(bucketFields))
    for bucket = 1, buckets do latency[bucket] = latency[bucket] + tonumber(timed[bucket] or 0) end
  end
end

local recent = rcall('ZREVRANGEBYSCORE', KEYS[1], '+inf', ARGV[7], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[6]))
return { hours, latency, recent }
