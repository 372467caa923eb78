-- Counts one captured lesson under its signature, tenant-wide, at most once per write id, and answers the fixes that
-- worked for that signature in any task. Answering any makes an offer to the task: the signature's efficacy keeps the
-- attempt of the task's first one (lib/renewal.lua, lib/activity.lua, lib/keep-at-least.lua and
-- lib/known-fixes.lua come before it).
-- k: signature (hash: info, the error type, category, normalised message and template as JSON; occurrences), tasks
--   (HyperLogLog of the tasks that captured it), signatures (sorted set: signature → minus its occurrences), record (the
--   write id's record; untouched when record_ttl is 0)
-- input (signature-knowledge.ts: CountInput): signature, task, error_type, category, normalized_message, known_read (the
--   most recent known fixes answered), record_ttl (0: no write id), ttl (seconds the signature's keys live after this
--   write, 0: forever), prefix, at_ms, events_kept, events_ttl, signatures_per_task (the task's most recently captured,
--   for readTaskKnownFixes), attempt (text: cjson would round a large one), template ('' for none: the signature keeps the one it had)
-- Also writes, by name from the prefix: the task's signature list (tasksigs:<task id>), the listing and the event log
-- (lib/activity.lua), and the signature's efficacy hash (efficacy:<signature>; o:<task id> → attempt of the first offer,
-- tasks_offered). The capture's counts and its category the process adds up once this answers applied, and sends a few
-- times a second (activity-batches.ts).
-- Answers { known = lib/known-fixes.lua's, applied = true when this write counted the lesson (not a replay) }.
local function countSignature(k, input, lessonJson)
  local prefix, ttl, task = input.prefix, input.ttl, input.task
  local known = knownFixesOf(prefix, input.signature, input.known_read)

  if input.record_ttl > 0 and not rcall('SET', k.record, '1', 'NX', 'EX', input.record_ttl) then return { known = known } end
  local template = input.template
  if template == '' then
    local before = rcall('HGET', k.signature, 'info')
    template = before and cjson.decode(before).template or nil
  end
  rcall('HSET', k.signature, 'info', cjson.encode({ error_type = input.error_type, category = input.category,
    normalized_message = input.normalized_message, template = template }))
  local occurrences = rcall('HINCRBY', k.signature, 'occurrences', 1)
  rcall('PFADD', k.tasks, task)
  rcall('ZADD', k.signatures, -occurrences, input.signature)
  -- Its counts are the process's batch (activity-batches.ts); it is renewed with the signature's keys.
  local categoriesKey = prefix .. 'categories'
  local taskSignaturesKey = prefix .. 'tasksigs:' .. task
  local efficacyKey = prefix .. 'efficacy:' .. input.signature
  -- The signature's keys (and the tenant's signature index and categories with them) are renewed as a
  -- group that the signature's own hash says is due (lib/renewal.lua).
  if renewalDue(k.signature, ttl) then renew({ k.signature, k.tasks, k.signatures, categoriesKey, taskSignaturesKey, efficacyKey }, ttl) end
  local atMs = tonumber(input.at_ms)
  touchListing(prefix, 'tasks', task, atMs, ttl)
  logEvent(prefix, 'lesson.captured', 'task', task, lessonJson, input.events_kept, input.events_ttl)
  -- The task's signatures as the tenant knows them, so a prompt can read their fixes beside the task.
  -- A signature new to the task trims the oldest, and renews the list (it may have just been made).
  if rcall('ZADD', taskSignaturesKey, atMs, input.signature) == 1 then
    rcall('ZREMRANGEBYRANK', taskSignaturesKey, 0, -input.signatures_per_task - 1)
    renew({ taskSignaturesKey }, ttl)
  end
  -- The offer is what this capture answers; only the task's first one counts (HSETNX), so a later
  -- offer cannot shorten the attempts counted after it.
  if #known > 0 and rcall('HSETNX', efficacyKey, 'o:' .. task, input.attempt) == 1 then
    rcall('HINCRBY', efficacyKey, 'tasks_offered', 1)
    -- The hash may have just been made: it gets its expiry now, unless it has one.
    if ttl > 0 then rcall('EXPIRE', efficacyKey, ttl, 'NX') end
    -- The tenant's efficacy totals count it too (keys.ts: efficacyTotals).
    rcall('HINCRBY', prefix .. 'eff:totals', 'tasks_offered', 1)
    keepAtLeast(prefix .. 'eff:totals', ttl)
  end
  return { known = known, applied = true }
end
