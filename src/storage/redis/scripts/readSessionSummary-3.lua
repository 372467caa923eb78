-- Reads what a session listing shows of one session, in one command (a MULTI would be five).
-- KEYS[1] meta hash   KEYS[2] log list   KEYS[3] tools (sorted set)
-- Returns { meta as a flat hash, calls kept, tools tracked }.
local rcall = redis.call
-- @include lib/listed-summary.lua
return sessionSummary(KEYS[1], KEYS[2], KEYS[3])
