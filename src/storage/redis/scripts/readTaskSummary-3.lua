-- Reads what a task listing shows of one task (lib/listed-summary.lua).
-- KEYS[1] lessons list   KEYS[2] counters hash   KEYS[3] resolution hash
-- Returns JSON: lib/listed-summary.lua's task summary.
local rcall = redis.call
-- @include lib/listed-summary.lua
return cjson.encode(taskSummary(KEYS[1], KEYS[2], KEYS[3]))
