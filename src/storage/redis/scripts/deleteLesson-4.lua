-- Removes one lesson from a task by id and uncounts it.
-- KEYS[1] lessons list   KEYS[2] counters hash   KEYS[3] signatures hash   KEYS[4] resolution
-- (signatures count every capture and stay; KEYS[3] and KEYS[4] are here to share the task's expiry)
-- ARGV[1] lesson id   ARGV[2] seconds every key of the task lives after this write (0: forever)
-- Returns 1 when the lesson was removed, 0 when the task did not keep it.
local rcall = redis.call
local lessonsKey, countersKey = KEYS[1], KEYS[2]

local function uncount(field)
  if rcall('HINCRBY', countersKey, field, -1) <= 0 then rcall('HDEL', countersKey, field) end
end

for _, raw in ipairs(rcall('LRANGE', lessonsKey, 0, -1)) do
  local lesson = cjson.decode(raw)
  if lesson.lesson_id == ARGV[1] then
    rcall('LREM', lessonsKey, 1, raw)
    uncount('cat:' .. lesson.category)
    uncount('tier:' .. lesson.tier)
    uncount('kept')
    local ttl = tonumber(ARGV[2])
    for _, key in ipairs(KEYS) do
      if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
    end
    return 1
  end
end
return 0
