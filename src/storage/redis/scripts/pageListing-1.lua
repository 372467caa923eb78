-- Reads one page of a listing index (lib/page-listing.lua says in which order).
-- KEYS[1] the listing index (sorted set: id → last activity in ms)
-- ARGV[1] the input as JSON: at (the cursor's time in ms; absent to start at the top), after (the cursor's id), count
-- Returns JSON: { page = { { id, at }, ... } }.
local rcall = redis.call
-- @include lib/page-listing.lua
local input = cjson.decode(ARGV[1])
return cjson.encode({ page = pageListing(KEYS[1], input.at, input.after, input.count) })
