-- Included by the scripts that list a tenant's entries from a sorted-set index whose members' own
-- keys expire on their own (tools, failure signatures).

-- Walks `indexKey` from the lowest score. `read(name)` answers the member's row, or nil when its
-- keys expired; `emit(listed, name, row)` appends what the listing shows of a live member, for at
-- most `limit` of them. Expired members met on the way are removed from the index, and from
-- `alsoKey` when given (another index of the same members).
local function listLive(indexKey, limit, read, emit, alsoKey)
  local listed, stale = {}, {}
  local found, start = 0, 0
  while found < limit do
    local page = redis.call('ZRANGE', indexKey, start, start + limit - 1)
    if #page == 0 then break end
    for _, name in ipairs(page) do
      local row = read(name)
      if row == nil then
        stale[#stale + 1] = name
      elseif found < limit then
        found = found + 1
        emit(listed, name, row)
      end
    end
    start = start + limit
  end
  -- Ranks stay put while paging, so the expired are removed only at the end, in chunks: Lua's
  -- unpack refuses a few thousand values at once.
  for i = 1, #stale, 500 do
    redis.call('ZREM', indexKey, unpack(stale, i, math.min(i + 499, #stale)))
    if alsoKey then redis.call('ZREM', alsoKey, unpack(stale, i, math.min(i + 499, #stale))) end
  end
  return listed
end
