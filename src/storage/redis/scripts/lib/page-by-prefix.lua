-- One page of a listing's id index: the ids that start with a prefix, in byte order, after a cursor
-- ('' from the first match), each with its last activity from the time-ordered index. ZRANGE BYLEX
-- with a LIMIT costs the log of the index and the page, whatever the tenant's size.
-- ids: the id index (every member at score 0); listing: the listing index (id -> ms).
-- Answers { { id, at = ms }, ... }; ms is -1 for an id the listing index no longer holds.
local function pageByPrefix(ids, listing, prefix, after, count)
  -- Ids are ASCII, so every id that starts with the prefix sorts before the prefix and byte 255.
  local first = '[' .. prefix
  if after ~= '' and string.sub(after, 1, #prefix) == prefix then first = '(' .. after end
  local page = rcall('ZRANGE', ids, first, '[' .. prefix .. '\255', 'BYLEX', 'LIMIT', 0, count)
  if #page == 0 then return {} end
  local scores = rcall('ZMSCORE', listing, unpack(page))
  local entries = {}
  for i, id in ipairs(page) do entries[#entries + 1] = { id = id, at = tonumber(scores[i] or -1) } end
  return entries
end
