-- Appends one lesson to a task, trims the oldest beyond the cap, and keeps the counters and the
-- failure signatures exact; with an idempotency key, at most once per key.
-- KEYS[1] lessons list (lesson JSON, oldest first)
-- KEYS[2] counters hash (kept, captured, cat:<category>, tier:<n>)
-- KEYS[3] signatures hash (<signature> → JSON of that failure's occurrences, first and latest capture)
-- KEYS[4] resolution string (untouched; it only lives as long as the task)
-- KEYS[5] the key's record string ("<fingerprint>\n<lesson id>\n<captured at>"; untouched without a fingerprint)
-- ARGV[1] lesson JSON   ARGV[2] category   ARGV[3] tier   ARGV[4] max lessons kept
-- ARGV[5] seconds every key of the task lives after this write (0: forever)
-- ARGV[6] signature   ARGV[7] normalised message   ARGV[8] error type   ARGV[9] message as kept
-- ARGV[10] attempt number   ARGV[11] captured at (ISO 8601)   ARGV[12] hypothesised fix
-- ARGV[13] the request's fingerprint ('' for a write without a key)   ARGV[14] lesson id
-- ARGV[15] seconds the key's record lives   ARGV[16] the message's template ('' for none: the signature keeps the one it had)
-- Returns { 'applied', lessons kept } | { 'replayed', lesson id, captured at } | { 'mismatch' }.
local rcall = redis.call
local lessonsKey, countersKey, signaturesKey, recordKey = KEYS[1], KEYS[2], KEYS[3], KEYS[5]
local max = tonumber(ARGV[4])
local fingerprint = ARGV[13]

-- @include lib/idempotency.lua
-- @include lib/renewal.lua

-- A key's record answers its retries: the same request gets the first lesson, another nothing.
local earlier = keptForKey(recordKey, fingerprint)
if earlier == false then return { 'mismatch' } end
if #earlier > 0 then return { 'replayed', earlier[1], earlier[2] } end

local function uncount(field)
  if rcall('HINCRBY', countersKey, field, -1) <= 0 then rcall('HDEL', countersKey, field) end
end

local count = rcall('RPUSH', lessonsKey, ARGV[1])
local ttl = tonumber(ARGV[5])
-- A list emptied by deletes is made again here: it gets its expiry now (lib/renewal.lua).
if count == 1 and ttl > 0 then rcall('EXPIRE', lessonsKey, ttl) end
rcall('HINCRBY', countersKey, 'captured', 1)
rcall('HINCRBY', countersKey, 'cat:' .. ARGV[2], 1)
rcall('HINCRBY', countersKey, 'tier:' .. ARGV[3], 1)

-- A signature counts every capture, as `captured` does: trimming and deleting leave it alone.
-- The attempt stays text: cjson keeps only 14 significant digits of a number.
local signature, attempt, at = ARGV[6], ARGV[10], ARGV[11]
local raw = rcall('HGET', signaturesKey, signature)
local s = raw and cjson.decode(raw) or { occurrences = 0, first_attempt = attempt, first_seen_at = at,
  error_type = ARGV[8], normalized_message = ARGV[7] }
s.occurrences = s.occurrences + 1
s.category, s.example_message, s.hypothesized_fix = ARGV[2], ARGV[9], ARGV[12]
s.last_attempt, s.last_seen_at = attempt, at
if ARGV[16] ~= '' then s.template = ARGV[16] end
rcall('HSET', signaturesKey, signature, cjson.encode(s))

if count > max then
  -- Uncount what is trimmed, so the counters always describe exactly the kept lessons.
  local trimmed = rcall('LPOP', lessonsKey, count - max)
  for _, lessonJson in ipairs(trimmed) do
    local lesson = cjson.decode(lessonJson)
    uncount('cat:' .. lesson.category)
    uncount('tier:' .. lesson.tier)
  end
  count = max
end
rcall('HSET', countersKey, 'kept', count)
-- Every key of the task expires together, so counters never outlive the lessons they count; the
-- counters, which every capture writes, say when the group is due for renewal.
if renewalDue(countersKey, ttl) then renew({ KEYS[1], KEYS[2], KEYS[3], KEYS[4] }, ttl) end
keepForKey(recordKey, fingerprint, { ARGV[14], ARGV[11] }, ARGV[15])
return { 'applied', count }
