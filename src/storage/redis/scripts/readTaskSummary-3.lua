-- Reads what a task listing shows of one task.
-- KEYS[1] lessons list   KEYS[2] counters hash   KEYS[3] resolution hash
-- Returns { counters as a flat hash, error type of the newest kept lesson or '', 1 when resolved else 0 }.
local rcall = redis.call
local newest = rcall('LINDEX', KEYS[1], -1)
local errorType = ''
if newest then errorType = cjson.decode(newest).error_type end
return { rcall('HGETALL', KEYS[2]), errorType, rcall('HEXISTS', KEYS[3], 'doc') }
