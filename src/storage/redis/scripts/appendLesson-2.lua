-- Appends one lesson to a task, trims the oldest beyond the cap, and keeps the counters exact.
-- KEYS[1] lessons list (lesson JSON, oldest first)
-- KEYS[2] counters hash (kept, captured, cat:<category>, tier:<n>)
-- ARGV[1] lesson JSON   ARGV[2] category   ARGV[3] tier   ARGV[4] max lessons kept
-- ARGV[5] seconds both keys live after this write (0: forever)
-- Returns the number of lessons kept.
local rcall = redis.call
local lessonsKey, countersKey = KEYS[1], KEYS[2]
local max = tonumber(ARGV[4])

local function uncount(field)
  if rcall('HINCRBY', countersKey, field, -1) <= 0 then rcall('HDEL', countersKey, field) end
end

local kept = rcall('RPUSH', lessonsKey, ARGV[1])
rcall('HINCRBY', countersKey, 'captured', 1)
rcall('HINCRBY', countersKey, 'cat:' .. ARGV[2], 1)
rcall('HINCRBY', countersKey, 'tier:' .. ARGV[3], 1)

if kept > max then
  -- Uncount what is trimmed, so the counters always describe exactly the kept lessons.
  local trimmed = rcall('LPOP', lessonsKey, kept - max)
  for _, raw in ipairs(trimmed) do
    local lesson = cjson.decode(raw)
    uncount('cat:' .. lesson.category)
    uncount('tier:' .. lesson.tier)
  end
  kept = max
end
rcall('HSET', countersKey, 'kept', kept)
-- The two keys expire together, so counters never outlive the lessons they count.
local ttl = tonumber(ARGV[5])
for _, key in ipairs(KEYS) do
  if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
end
return kept
