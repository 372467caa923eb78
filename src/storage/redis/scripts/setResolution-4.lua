-- Records what finally worked for a task, with the task's failure signatures as the service read and ranked them, if
-- the task captured nothing since that read; every key of the task is renewed with it.
-- KEYS the task's lessons, counters, signatures and resolution keys, named in order by the input's `keys`
--   (resolution: doc, the resolution JSON; version, bumped by every change, never reset)
-- ARGV[1] the input as JSON: keys, captured (the counters' `captured` as read, '' for none: every capture moves it),
--   doc (the resolution JSON to keep), ttl (seconds every key of the task lives after this write, 0: forever)
-- Returns JSON: { outcome = 'applied', version, previous (the replaced resolution JSON, '' for none) } or
--   { outcome = 'conflict' } (read again and decide).
local rcall = redis.call

-- @include lib/named-keys.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)
if (rcall('HGET', k.counters, 'captured') or '') ~= input.captured then return cjson.encode({ outcome = 'conflict' }) end
local previous = rcall('HGET', k.resolution, 'doc') or ''
local version = rcall('HINCRBY', k.resolution, 'version', 1)
rcall('HSET', k.resolution, 'doc', input.doc)
for _, key in ipairs(KEYS) do
  if input.ttl > 0 then rcall('EXPIRE', key, input.ttl) else rcall('PERSIST', key) end
end
return cjson.encode({ outcome = 'applied', version = version, previous = previous })
