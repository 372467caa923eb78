-- Reads one page of a listing's id index by prefix (lib/page-by-prefix.lua says what it answers).
-- KEYS[1] the id index (sorted set, every member at score 0)   KEYS[2] the listing index (id → ms)
-- ARGV[1] the prefix   ARGV[2] the id the page starts after ('' from the first match)   ARGV[3] how many
-- Returns { id, ms, id, ms, ... }; ms is -1 for an id the listing index no longer holds.
local rcall = redis.call
-- @include lib/page-by-prefix.lua
return pageByPrefix(KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3]))
