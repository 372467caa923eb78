-- Lists a task or session as active at a time, without logging an event (an imported session).
-- KEYS[1] the listing index (sorted set: id → last activity in ms)
-- ARGV[1] the tenant's prefix   ARGV[2] 'tasks' or 'sessions'   ARGV[3] id   ARGV[4] when (ms)
-- ARGV[5] seconds the listed data lives after a write (0: forever)
-- Returns 1.
local rcall = redis.call
-- @include lib/renewal.lua
-- @include lib/activity.lua
touchListing(ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5]))
return 1
