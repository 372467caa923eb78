-- Counts one captured lesson under its signature, tenant-wide, at most once per write id, and
-- answers the fixes that worked for that signature in any task. Answering any makes an offer to
-- the task: the signature's efficacy keeps the attempt of the task's first one.
-- KEYS[1] signature hash   (info: error type, category, normalised message and template as JSON; occurrences)
-- KEYS[2] tasks HLL        (the tasks that captured the signature)
-- KEYS[3] signatures zset  (signature → minus its occurrences: the most recurring first)
-- KEYS[4] fixes zset       (task id → when its resolution was recorded, in ms)
-- KEYS[5] approaches hash  (task id → { approach, resolved_at } JSON)
-- KEYS[6] idempotency record   (untouched when ARGV[7] is 0)
-- ARGV[1] signature   ARGV[2] task id   ARGV[3] error type   ARGV[4] category   ARGV[5] normalised message
-- ARGV[6] known fixes answered (the most recent)   ARGV[7] seconds the idempotency record lives (0: no write id)
-- ARGV[8] seconds the signature's keys live after this write (0: forever)
-- ARGV[9] the tenant's prefix   ARGV[10] when the lesson was captured (ms)
-- ARGV[11] events kept   ARGV[12] seconds the event log lives   ARGV[13] the lesson as JSON (the event's data)
-- ARGV[14] signatures listed per task (the task's most recently captured, for readTaskKnownFixes)
-- ARGV[15] the lesson's attempt number (text: cjson would round a large one)
-- ARGV[16] the lesson's tokens_used (0 for none)   ARGV[17] its duration_ms (0 for none)
-- ARGV[18] the message's template ('' for none: the signature keeps the one it had)
-- Also writes, by name from the prefix: the task's signature list (tasksigs:<task id>), the listing,
-- the event log, the minute and hour counts and the categories (lib/activity.lua), and the signature's
-- efficacy hash (efficacy:<signature>; o:<task id> → attempt of the first offer, tasks_offered).
-- Returns the most recent known fixes, newest first: { task id, { approach, resolved_at } JSON, ... }.
local rcall = redis.call
local sigKey, tasksKey, sigsKey, fixesKey, approachesKey, appliedKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local markerTtl, ttl = tonumber(ARGV[7]), tonumber(ARGV[8])
local prefix, atMs = ARGV[9], tonumber(ARGV[10])

-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua

local known = {}
for _, task in ipairs(rcall('ZREVRANGE', fixesKey, 0, tonumber(ARGV[6]) - 1)) do
  local doc = rcall('HGET', approachesKey, task)
  if doc then
    known[#known + 1] = task
    known[#known + 1] = doc
  end
end

local fresh = markerTtl == 0 or rcall('SET', appliedKey, '1', 'NX', 'EX', markerTtl)
if fresh then
  local template = ARGV[18]
  if template == '' then
    local before = rcall('HGET', sigKey, 'info')
    template = before and cjson.decode(before).template or nil
  end
  rcall('HSET', sigKey, 'info', cjson.encode({ error_type = ARGV[3], category = ARGV[4], normalized_message = ARGV[5], template = template }))
  local occurrences = rcall('HINCRBY', sigKey, 'occurrences', 1)
  rcall('PFADD', tasksKey, ARGV[2])
  rcall('ZADD', sigsKey, -occurrences, ARGV[1])
  local categoriesKey = prefix .. 'categories'
  rcall('HINCRBY', categoriesKey, ARGV[4], 1)
  local taskSignaturesKey = prefix .. 'tasksigs:' .. ARGV[2]
  local efficacyKey = prefix .. 'efficacy:' .. ARGV[1]
  -- The signature's keys (and the tenant's signature index and categories with them) are renewed as a
  -- group that the signature's own hash says is due (lib/renewal.lua).
  if renewalDue(sigKey, ttl) then renew({ sigKey, tasksKey, sigsKey, categoriesKey, taskSignaturesKey, efficacyKey }, ttl) end
  touchListing(prefix, 'tasks', ARGV[2], atMs, ttl)
  logEvent(prefix, 'lesson.captured', 'task', ARGV[2], ARGV[13], tonumber(ARGV[11]), tonumber(ARGV[12]))
  countMinute(prefix, atMs, 'l', 1)
  countMinute(prefix, atMs, 't', tonumber(ARGV[16]))
  countMinute(prefix, atMs, 'd', tonumber(ARGV[17]))
  -- The task's signatures as the tenant knows them, so a prompt can read their fixes beside the task.
  -- A signature new to the task trims the oldest, and renews the list (it may have just been made).
  if rcall('ZADD', taskSignaturesKey, atMs, ARGV[1]) == 1 then
    rcall('ZREMRANGEBYRANK', taskSignaturesKey, 0, -tonumber(ARGV[14]) - 1)
    renew({ taskSignaturesKey }, ttl)
  end
  -- The offer is what this capture answers; only the task's first one counts (HSETNX), so a later
  -- offer cannot shorten the attempts counted after it.
  if #known > 0 and rcall('HSETNX', efficacyKey, 'o:' .. ARGV[2], ARGV[15]) == 1 then
    rcall('HINCRBY', efficacyKey, 'tasks_offered', 1)
    -- The hash may have just been made: it gets its expiry now, unless it has one.
    if ttl > 0 then rcall('EXPIRE', efficacyKey, ttl, 'NX') end
    -- The tenant's efficacy totals count it too (keys.ts: efficacyTotals).
    rcall('HINCRBY', prefix .. 'eff:totals', 'tasks_offered', 1)
    keepAtLeast(prefix .. 'eff:totals', ttl)
  end
end
return known
