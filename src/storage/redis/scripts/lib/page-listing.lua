-- One page of a listing index, most recently active first, ties by id in reverse byte order (the
-- order of ZRANGE ... REV), starting strictly after a cursor: by rank while the cursor's entry is
-- unchanged, else by its old time and id. key: the listing index (sorted set: id -> last activity in
-- ms); at: the cursor's time in ms (nil to start at the top); after: the cursor's id.
-- Answers { { id, at = ms }, ... }.

-- A score as Redis reads it back exactly (Lua's own formatting keeps 14 digits).
local function scoreText(n) return string.format('%.17g', n) end

-- ZRANGE ... WITHSCORES's { id, ms, id, ms, ... } as entries.
local function listingEntries(flat)
  local entries = {}
  for i = 1, #flat, 2 do entries[#entries + 1] = { id = flat[i], at = tonumber(flat[i + 1]) } end
  return entries
end

local function pageListing(key, at, after, count)
  if at == nil then
    return listingEntries(rcall('ZRANGE', key, '+inf', '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count, 'WITHSCORES'))
  end

  -- The cursor's entry is still where it was (the usual case): the page is the ranks after it.
  local score = rcall('ZSCORE', key, after)
  if score and tonumber(score) == at then
    local rank = rcall('ZREVRANK', key, after)
    return listingEntries(rcall('ZRANGE', key, rank + 1, rank + count, 'REV', 'WITHSCORES'))
  end

  -- It moved or went: start after its old place, by time, then by id in byte order (as Redis orders
  -- members of equal score; Lua's own < follows the server's locale).
  local function bytesBefore(a, b)
    for i = 1, math.min(#a, #b) do
      local x, y = string.byte(a, i), string.byte(b, i)
      if x ~= y then return x < y end
    end
    return #a < #b
  end

  local page = {}
  -- Members sharing the cursor's time come first; in REV order, those after it sort before it.
  local offset = 0
  while #page < count do
    local ties = rcall('ZRANGE', key, scoreText(at), scoreText(at), 'BYSCORE', 'REV', 'LIMIT', offset, 100)
    if #ties == 0 then break end
    for _, id in ipairs(ties) do
      if #page < count and bytesBefore(id, after) then page[#page + 1] = { id = id, at = at } end
    end
    offset = offset + 100
  end
  if #page < count then
    local rest = rcall('ZRANGE', key, '(' .. scoreText(at), '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count - #page, 'WITHSCORES')
    for _, entry in ipairs(listingEntries(rest)) do page[#page + 1] = entry end
  end
  return page
end
