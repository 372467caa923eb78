-- Reads one page of a listing index (lib/page-listing.lua says in which order).
-- KEYS[1] the listing index (sorted set: id → last activity in ms)
-- ARGV[1] the cursor's time in ms ('' to start at the top)   ARGV[2] the cursor's id   ARGV[3] how many
-- Returns { id, ms, id, ms, ... }.
local rcall = redis.call
-- @include lib/page-listing.lua
return pageListing(KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3]))
