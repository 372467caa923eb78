-- Records what finally worked for a task, with the task's failure signatures at that moment, atomically.
-- KEYS[1] lessons list   KEYS[2] counters hash   KEYS[3] signatures hash (read)
-- KEYS[4] resolution hash (doc: the resolution JSON; version: bumped by every change, never reset)
-- ARGV[1] task id   ARGV[2] attempt number   ARGV[3] approach   ARGV[4] model ('' for none)
-- ARGV[5] resolved at (ISO 8601)   ARGV[6] seconds every key of the task lives after this write (0: forever)
-- Returns { 1 when it replaced a resolution else 0, the new version, the resolution JSON,
--           the replaced resolution JSON or false }.
local rcall = redis.call
local signaturesKey, resolutionKey = KEYS[3], KEYS[4]

-- Most recurring first, then the most recently seen, then by signature: the order of the listing.
local found = {}
local all = rcall('HGETALL', signaturesKey)
for i = 1, #all, 2 do
  local s = cjson.decode(all[i + 1])
  found[#found + 1] = { all[i], s.occurrences, s.last_seen_at }
end
table.sort(found, function(a, b)
  if a[2] ~= b[2] then return a[2] > b[2] end
  if a[3] ~= b[3] then return a[3] > b[3] end
  return a[1] < b[1]
end)
local signatures = {}
for i, s in ipairs(found) do signatures[i] = s[1] end

-- The attempt stays text (the reader makes it a number): cjson keeps only 14 significant digits.
local doc = cjson.encode({ task_id = ARGV[1], attempt_number = ARGV[2], approach = ARGV[3],
  model = ARGV[4] ~= '' and ARGV[4] or cjson.null, resolved_at = ARGV[5], signatures = signatures })
local previous = rcall('HGET', resolutionKey, 'doc')
local version = rcall('HINCRBY', resolutionKey, 'version', 1)
rcall('HSET', resolutionKey, 'doc', doc)

local ttl = tonumber(ARGV[6])
for _, key in ipairs(KEYS) do
  if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
end
return { previous and 1 or 0, version, doc, previous }
