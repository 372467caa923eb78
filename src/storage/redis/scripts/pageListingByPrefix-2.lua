-- Reads one page of a listing's id index: the ids that start with a prefix, in byte order, after a
-- cursor, each with its last activity from the time-ordered index. ZRANGE BYLEX with a LIMIT costs
-- the log of the index and the page, whatever the tenant's size.
-- KEYS[1] the id index (sorted set, every member at score 0)   KEYS[2] the listing index (id → ms)
-- ARGV[1] the prefix   ARGV[2] the id the page starts after ('' from the first match)   ARGV[3] how many
-- Returns { id, ms, id, ms, ... }; ms is -1 for an id the listing index no longer holds.
local rcall = redis.call
local ids, listing, prefix, after, count = KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3])
-- Ids are ASCII, so every id that starts with the prefix sorts before the prefix and byte 255.
local first = '[' .. prefix
if after ~= '' and string.sub(after, 1, #prefix) == prefix then first = '(' .. after end
local page = rcall('ZRANGE', ids, first, '[' .. prefix .. '\255', 'BYLEX', 'LIMIT', 0, count)
if #page == 0 then return {} end
local scores = rcall('ZMSCORE', listing, unpack(page))
local flat = {}
for i, id in ipairs(page) do
  flat[#flat + 1] = id
  flat[#flat + 1] = scores[i] or -1
end
return flat
