-- Links a task's resolution to each of its failure signatures, tenant-wide, replacing what the task
-- linked before; a change older than the last one applied is ignored, so replicas may race.
-- Each linked signature's efficacy counts the task as resolved after an offer (with the attempts
-- since its first offer) or without one; what the task's previous resolution added is taken back.
-- KEYS[1] the task's links hash (version: of the resolution last applied; signatures: JSON list linked)
-- ARGV[1] task id   ARGV[2] resolution version   ARGV[3] approach ('' with no signatures: unlink only)
-- ARGV[4] resolved at (ISO 8601)   ARGV[5] resolved at, or when unlinked (ms)   ARGV[6] the prefix of every signature's keys
-- ARGV[7] seconds the keys live after this write (0: forever)
-- ARGV[8] events kept   ARGV[9] seconds the event log lives
-- ARGV[10] the resolution as JSON, the data of its task.resolved event ('' when unlinking)
-- ARGV[11] the resolution's attempt number (text: cjson would round a large one; '' when unlinking)
-- ARGV[12] n, the number of signatures the task's previous resolution listed, then those n (unlinked
-- too: this hash may have expired while the links lived on), then the signatures to link
-- Also writes, by name from the prefix, each signature's fixes, approaches and efficacy hash
-- (efficacy:<signature>: the sums, and r:<task id> → the task's contribution "attempt[ after]").
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys named below sit in
-- the same cluster slot as the declared one.
-- Returns 1 when applied, 0 when a newer change was applied already.
local rcall = redis.call
local linksKey, task, version, prefix, ttl = KEYS[1], ARGV[1], tonumber(ARGV[2]), ARGV[6], tonumber(ARGV[7])

-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua

local applied = tonumber(rcall('HGET', linksKey, 'version') or '0')
if applied >= version then return 0 end

local function expire(key)
  if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
end

-- Every change to a signature's sums is made to the tenant's efficacy totals too (keys.ts: efficacyTotals).
local totalsKey = prefix .. 'eff:totals'
local function add(key, field, by)
  rcall('HINCRBY', key, field, by)
  rcall('HINCRBY', totalsKey, field, by)
end

-- Lua formats large numbers with an exponent, which HINCRBY refuses.
local function int(n) return string.format('%d', n) end

-- The task's contribution sits in the same hash as the sums, so the two always expire together and
-- taking it back can never subtract from sums that no longer hold it.
local function uncount(signature)
  local key = prefix .. 'efficacy:' .. signature
  local was = rcall('HGET', key, 'r:' .. task)
  if not was then return end
  local attempt, after = string.match(was, '^(%S+) ?(%S*)$')
  if after == '' then
    add(key, 'tasks_resolved_without_offer', -1)
    add(key, 'attempts_without_offer_sum', int(-tonumber(attempt)))
  else
    add(key, 'tasks_resolved_after_offer', -1)
    add(key, 'attempts_with_offer_sum', int(-tonumber(attempt)))
    add(key, 'attempts_after_offer_sum', int(-tonumber(after)))
  end
  rcall('HDEL', key, 'r:' .. task)
end

local function count(signature, attempt)
  local key = prefix .. 'efficacy:' .. signature
  -- A contribution left from a task of the same id whose data expired meanwhile is taken back first.
  uncount(signature)
  local offered = rcall('HGET', key, 'o:' .. task)
  if offered then
    -- Never negative: a resolution recorded at an attempt before the offered lesson counts as 0 after it.
    local after = int(math.max(0, tonumber(attempt) - tonumber(offered)))
    add(key, 'tasks_resolved_after_offer', 1)
    add(key, 'attempts_with_offer_sum', attempt)
    add(key, 'attempts_after_offer_sum', after)
    rcall('HSET', key, 'r:' .. task, attempt .. ' ' .. after)
  else
    add(key, 'tasks_resolved_without_offer', 1)
    add(key, 'attempts_without_offer_sum', attempt)
    rcall('HSET', key, 'r:' .. task, attempt)
  end
  expire(key)
  keepAtLeast(totalsKey, ttl)
end

local function unlink(signature)
  rcall('ZREM', prefix .. 'fixes:' .. signature, task)
  rcall('HDEL', prefix .. 'approaches:' .. signature, task)
  uncount(signature)
end
local previous = rcall('HGET', linksKey, 'signatures')
if previous then
  for _, signature in ipairs(cjson.decode(previous)) do unlink(signature) end
end
local passed = tonumber(ARGV[12])
for i = 13, 12 + passed do unlink(ARGV[i]) end

local linked = {}
local doc = cjson.encode({ approach = ARGV[3], resolved_at = ARGV[4] })
for i = 13 + passed, #ARGV do
  local signature = ARGV[i]
  linked[#linked + 1] = signature
  rcall('ZADD', prefix .. 'fixes:' .. signature, tonumber(ARGV[5]), task)
  rcall('HSET', prefix .. 'approaches:' .. signature, task, doc)
  expire(prefix .. 'fixes:' .. signature)
  expire(prefix .. 'approaches:' .. signature)
  count(signature, ARGV[11])
end
rcall('HSET', linksKey, 'version', version, 'signatures', #linked > 0 and cjson.encode(linked) or '[]')
expire(linksKey)
-- Setting or removing a resolution renews the task's keys, so its listing lives as long.
touchListing(prefix, 'tasks', task, tonumber(ARGV[5]), ttl)
if ARGV[10] ~= '' then
  logEvent(prefix, 'task.resolved', 'task', task, ARGV[10], tonumber(ARGV[8]), tonumber(ARGV[9]))
end
return 1
