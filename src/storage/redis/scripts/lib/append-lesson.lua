-- Appends one lesson to a task, trims the oldest beyond the cap, and keeps the counters and the failure signatures
-- exact; with a fingerprint, at most once per key (lib/idempotency.lua and lib/renewal.lua come before it).
-- k: lessons (list of lesson JSON, oldest first), counters (hash: kept, captured, cat:<category>, tier:<n>),
--   signatures (hash: <signature> → JSON of that failure's occurrences, first and latest capture), resolution
--   (untouched; it only lives as long as the task), record (the key's "<fingerprint>\n<lesson id>\n<captured at>")
-- input (lessons.ts: AppendInput): category, tier, max_kept, ttl (seconds every key of the task lives after this
--   write, 0: forever), signature, normalized_message, error_type, message, attempt (text: cjson keeps 14 digits of a
--   number), at, hypothesized_fix, fingerprint ('' for a write without a key), lesson_id, record_ttl, template ('' for
--   none: the signature keeps the one it had)
-- Answers { outcome = 'applied', kept } | { outcome = 'replayed', lesson_id, timestamp } | { outcome = 'mismatch' }.
local function appendLesson(k, input, lessonJson)
  -- A key's record answers its retries: the same request gets the first lesson, another nothing.
  local earlier = keptForKey(k.record, input.fingerprint)
  if earlier == false then return { outcome = 'mismatch' } end
  if #earlier > 0 then return { outcome = 'replayed', lesson_id = earlier[1], timestamp = earlier[2] } end

  local function uncount(field)
    if rcall('HINCRBY', k.counters, field, -1) <= 0 then rcall('HDEL', k.counters, field) end
  end

  local count = rcall('RPUSH', k.lessons, lessonJson)
  local ttl = input.ttl
  -- A list emptied by deletes is made again here: it gets its expiry now (lib/renewal.lua).
  if count == 1 and ttl > 0 then rcall('EXPIRE', k.lessons, ttl) end
  rcall('HINCRBY', k.counters, 'captured', 1)
  rcall('HINCRBY', k.counters, 'cat:' .. input.category, 1)
  rcall('HINCRBY', k.counters, 'tier:' .. input.tier, 1)

  -- A signature counts every capture, as `captured` does: trimming and deleting leave it alone.
  local raw = rcall('HGET', k.signatures, input.signature)
  local s = raw and cjson.decode(raw) or { occurrences = 0, first_attempt = input.attempt, first_seen_at = input.at,
    error_type = input.error_type, normalized_message = input.normalized_message }
  s.occurrences = s.occurrences + 1
  s.category, s.example_message, s.hypothesized_fix = input.category, input.message, input.hypothesized_fix
  s.last_attempt, s.last_seen_at = input.attempt, input.at
  if input.template ~= '' then s.template = input.template end
  rcall('HSET', k.signatures, input.signature, cjson.encode(s))

  if count > input.max_kept then
    -- Uncount what is trimmed, so the counters always describe exactly the kept lessons.
    for _, trimmed in ipairs(rcall('LPOP', k.lessons, count - input.max_kept)) do
      local lesson = cjson.decode(trimmed)
      uncount('cat:' .. lesson.category)
      uncount('tier:' .. lesson.tier)
    end
    count = input.max_kept
  end
  rcall('HSET', k.counters, 'kept', count)
  -- Every key of the task expires together, so counters never outlive the lessons they count; the
  -- counters, which every capture writes, say when the group is due for renewal.
  if renewalDue(k.counters, ttl) then renew({ k.lessons, k.counters, k.signatures, k.resolution }, ttl) end
  keepForKey(k.record, input.fingerprint, { input.lesson_id, input.at }, input.record_ttl)
  return { outcome = 'applied', kept = count }
end
