-- Reads what a session listing shows of one session, in one command (a MULTI would be five).
-- KEYS[1] meta hash   KEYS[2] log list   KEYS[3] tools (sorted set)
-- Returns JSON: lib/listed-summary.lua's session summary.
local rcall = redis.call
-- @include lib/listed-summary.lua
return cjson.encode(sessionSummary(KEYS[1], KEYS[2], KEYS[3]))
