-- Reads what a session listing shows of one session, in one command (a MULTI would be five).
-- KEYS[1] meta hash   KEYS[2] log list   KEYS[3] patterns hash
-- Returns { meta as a flat hash, calls kept, tools tracked }.
local rcall = redis.call
return { rcall('HGETALL', KEYS[1]), rcall('LLEN', KEYS[2]), rcall('HLEN', KEYS[3]) }
