-- Reads what a task listing shows of one task (lib/listed-summary.lua).
-- KEYS[1] lessons list   KEYS[2] counters hash   KEYS[3] resolution hash
-- Returns { counters as a flat hash, error type of the newest kept lesson or '', 1 when resolved else 0,
--           1 when that lesson had to be repaired to be read else 0 }.
local rcall = redis.call
-- @include lib/listed-summary.lua
return taskSummary(KEYS[1], KEYS[2], KEYS[3])
