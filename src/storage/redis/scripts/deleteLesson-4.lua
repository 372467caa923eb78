-- Removes one lesson from a task by id and uncounts it; every key of the task is renewed with it.
-- KEYS the task's lessons, counters, signatures and resolution keys, named in order by the input's `keys` (signatures count
--   every capture and stay; they and the resolution are here to share the task's expiry)
-- ARGV[1] the input as JSON: keys, lesson_id, ttl (seconds every key of the task lives after this write, 0: forever)
-- Returns JSON: { removed = true | false (the task did not keep it) }.
local rcall = redis.call

-- @include lib/named-keys.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)

local function uncount(field)
  if rcall('HINCRBY', k.counters, field, -1) <= 0 then rcall('HDEL', k.counters, field) end
end

for _, raw in ipairs(rcall('LRANGE', k.lessons, 0, -1)) do
  local lesson = cjson.decode(raw)
  if lesson.lesson_id == input.lesson_id then
    rcall('LREM', k.lessons, 1, raw)
    uncount('cat:' .. lesson.category)
    uncount('tier:' .. lesson.tier)
    uncount('kept')
    for _, key in ipairs(KEYS) do
      if input.ttl > 0 then rcall('EXPIRE', key, input.ttl) else rcall('PERSIST', key) end
    end
    return cjson.encode({ removed = true })
  end
end
return cjson.encode({ removed = false })
