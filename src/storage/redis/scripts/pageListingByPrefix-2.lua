-- Reads one page of a listing's id index by prefix (lib/page-by-prefix.lua says what it answers).
-- KEYS[1] the id index (sorted set, every member at score 0)   KEYS[2] the listing index (id → ms)
-- ARGV[1] the input as JSON: prefix, after (the id the page starts after, '' from the first match), count
-- Returns JSON: { page = { { id, at }, ... } }; at is -1 for an id the listing index no longer holds.
local rcall = redis.call
-- @include lib/page-by-prefix.lua
local input = cjson.decode(ARGV[1])
return cjson.encode({ page = pageByPrefix(KEYS[1], KEYS[2], input.prefix, input.after, input.count) })
