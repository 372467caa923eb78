-- Applies a change of a task's links to its failure signatures, as planRelink decided it (signature-knowledge.ts), if the
-- task's links and its records under each signature still read as the decision read them.
-- KEYS[1] the task's links hash (version: of the resolution last applied; signatures: JSON list linked)
-- ARGV[1] the input as JSON:
--   task, prefix (every signature key is named from it), version (the change's), read_version (the links' version read),
--   expected: signature → { offered, contribution } as read ('' for none): the task's o:<task> and r:<task> fields,
--   unlinked, linked: signatures, fix: the { approach, resolved_at } JSON kept under each linked signature,
--   records: signature → the r:<task> field to keep ('' to delete it), deltas: signature → field → increment (text),
--   at_ms (text), ttl (seconds the keys live after this write, 0: forever),
--   events_kept, events_ttl, event (the task.resolved event's data, '' for none)
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so those named from the prefix sit in its slot.
-- Returns { outcome = 'applied' | 'stale' (a change as new was applied already) | 'conflict' (read again and decide) }.
local rcall = redis.call

-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua

local input = cjson.decode(ARGV[1])
local linksKey, task, prefix, ttl = KEYS[1], input.task, input.prefix, input.ttl
local efficacyOf = function(signature) return prefix .. 'efficacy:' .. signature end

local applied = tonumber(rcall('HGET', linksKey, 'version') or '0')
if applied >= input.version then return cjson.encode({ outcome = 'stale' }) end
if applied ~= input.read_version then return cjson.encode({ outcome = 'conflict' }) end
for signature, seen in pairs(input.expected) do
  local now = rcall('HMGET', efficacyOf(signature), 'o:' .. task, 'r:' .. task)
  if (now[1] or '') ~= seen.offered or (now[2] or '') ~= seen.contribution then return cjson.encode({ outcome = 'conflict' }) end
end

local function expire(key)
  if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
end

for _, signature in ipairs(input.unlinked) do
  rcall('ZREM', prefix .. 'fixes:' .. signature, task)
  rcall('HDEL', prefix .. 'approaches:' .. signature, task)
end
for _, signature in ipairs(input.linked) do
  rcall('ZADD', prefix .. 'fixes:' .. signature, input.at_ms, task)
  rcall('HSET', prefix .. 'approaches:' .. signature, task, input.fix)
  expire(prefix .. 'fixes:' .. signature)
  expire(prefix .. 'approaches:' .. signature)
end
-- HINCRBY keeps a key's TTL, so taking a contribution back leaves the hash's life as it was. Every change to a signature's
-- sums is made to the tenant's totals too (keys.ts: efficacyTotals), each in Redis's integers, so the totals stay exact.
local totalsKey = prefix .. 'eff:totals'
for signature, delta in pairs(input.deltas) do
  for field, by in pairs(delta) do
    rcall('HINCRBY', efficacyOf(signature), field, by)
    rcall('HINCRBY', totalsKey, field, by)
  end
end
for signature, record in pairs(input.records) do
  if record == '' then rcall('HDEL', efficacyOf(signature), 'r:' .. task) else rcall('HSET', efficacyOf(signature), 'r:' .. task, record) end
end
for _, signature in ipairs(input.linked) do expire(efficacyOf(signature)) end
if #input.linked > 0 then keepAtLeast(totalsKey, ttl) end

rcall('HSET', linksKey, 'version', input.version, 'signatures', #input.linked > 0 and cjson.encode(input.linked) or '[]')
expire(linksKey)
-- Setting or removing a resolution renews the task's keys, so its listing lives as long.
touchListing(prefix, 'tasks', task, tonumber(input.at_ms), ttl)
if input.event ~= '' then logEvent(prefix, 'task.resolved', 'task', task, input.event, input.events_kept, input.events_ttl) end
return cjson.encode({ outcome = 'applied' })
