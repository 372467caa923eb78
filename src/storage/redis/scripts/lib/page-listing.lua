-- One page of a listing index, most recently active first, ties by id in reverse byte order (the
-- order of ZRANGE ... REV), starting strictly after a cursor: by rank while the cursor's entry is
-- unchanged, else by its old time and id. key: the listing index (sorted set: id -> last activity in
-- ms); at: the cursor's time in ms ('' to start at the top); after: the cursor's id.
-- Answers { id, ms, id, ms, ... }.
local function pageListing(key, at, after, count)
  if at == '' then
    return rcall('ZRANGE', key, '+inf', '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count, 'WITHSCORES')
  end

  -- The cursor's entry is still where it was (the usual case): the page is the ranks after it.
  local score = rcall('ZSCORE', key, after)
  if score and tonumber(score) == tonumber(at) then
    local rank = rcall('ZREVRANK', key, after)
    return rcall('ZRANGE', key, rank + 1, rank + count, 'REV', 'WITHSCORES')
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
  while #page < count * 2 do
    local ties = rcall('ZRANGE', key, at, at, 'BYSCORE', 'REV', 'LIMIT', offset, 100)
    if #ties == 0 then break end
    for _, id in ipairs(ties) do
      if #page < count * 2 and bytesBefore(id, after) then
        page[#page + 1] = id
        page[#page + 1] = at
      end
    end
    offset = offset + 100
  end
  if #page < count * 2 then
    local rest = rcall('ZRANGE', key, '(' .. at, '-inf', 'BYSCORE', 'REV', 'LIMIT', 0, count - #page / 2, 'WITHSCORES')
    for _, value in ipairs(rest) do page[#page + 1] = value end
  end
  return page
end
