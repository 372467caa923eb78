-- Links a task's resolution to each of its failure signatures, tenant-wide, replacing what the task
-- linked before; a change older than the last one applied is ignored, so replicas may race.
-- KEYS[1] the task's links hash (version: of the resolution last applied; signatures: JSON list linked)
-- ARGV[1] task id   ARGV[2] resolution version   ARGV[3] approach ('' with no signatures: unlink only)
-- ARGV[4] resolved at (ISO 8601)   ARGV[5] resolved at, or when unlinked (ms)   ARGV[6] the prefix of every signature's keys
-- ARGV[7] seconds the keys live after this write (0: forever)
-- ARGV[8] events kept   ARGV[9] seconds the event log lives
-- ARGV[10] the resolution as JSON, the data of its task.resolved event ('' when unlinking)
-- ARGV[11] n, the number of signatures the task's previous resolution listed, then those n (unlinked
-- too: this hash may have expired while the links lived on), then the signatures to link
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys named below sit in
-- the same cluster slot as the declared one.
-- Returns 1 when applied, 0 when a newer change was applied already.
local rcall = redis.call
local linksKey, task, version, prefix, ttl = KEYS[1], ARGV[1], tonumber(ARGV[2]), ARGV[6], tonumber(ARGV[7])

-- @include lib/activity.lua

local applied = tonumber(rcall('HGET', linksKey, 'version') or '0')
if applied >= version then return 0 end

local function expire(key)
  if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
end

local function unlink(signature)
  rcall('ZREM', prefix .. 'fixes:' .. signature, task)
  rcall('HDEL', prefix .. 'approaches:' .. signature, task)
end
local previous = rcall('HGET', linksKey, 'signatures')
if previous then
  for _, signature in ipairs(cjson.decode(previous)) do unlink(signature) end
end
local passed = tonumber(ARGV[11])
for i = 12, 11 + passed do unlink(ARGV[i]) end

local linked = {}
local doc = cjson.encode({ approach = ARGV[3], resolved_at = ARGV[4] })
for i = 12 + passed, #ARGV do
  local signature = ARGV[i]
  linked[#linked + 1] = signature
  rcall('ZADD', prefix .. 'fixes:' .. signature, tonumber(ARGV[5]), task)
  rcall('HSET', prefix .. 'approaches:' .. signature, task, doc)
  expire(prefix .. 'fixes:' .. signature)
  expire(prefix .. 'approaches:' .. signature)
end
rcall('HSET', linksKey, 'version', version, 'signatures', #linked > 0 and cjson.encode(linked) or '[]')
expire(linksKey)
-- Setting or removing a resolution renews the task's keys, so its listing lives as long.
touchListing(prefix, 'tasks', task, tonumber(ARGV[5]), ttl)
if ARGV[10] ~= '' then
  logEvent(prefix, 'task.resolved', 'task', task, ARGV[10], tonumber(ARGV[8]), tonumber(ARGV[9]))
end
return 1
