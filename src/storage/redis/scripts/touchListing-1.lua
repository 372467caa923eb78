-- Lists a task or session as active at a time, without logging an event (lib/activity.lua).
-- KEYS[1] the listing index (sorted set: id → last activity in ms)
-- ARGV[1] the input as JSON: prefix (the tenant's), kind ('tasks' or 'sessions'), id, at_ms, ttl (seconds the listed data
--   lives after a write, 0: forever)
-- Returns JSON: { listed = true }.
local rcall = redis.call
-- @include lib/renewal.lua
-- @include lib/activity.lua
local input = cjson.decode(ARGV[1])
touchListing(input.prefix, input.kind, input.id, input.at_ms, input.ttl)
return cjson.encode({ listed = true })
