-- What a tenant-level write leaves for dashboards: its place in a listing, an event, minute counts.
-- Every key is named from the tenant's prefix, so all of it shares the {tenant:shared} slot.

-- Moves a task or session to the top of its listing (never back in time: ZADD GT) and adds it to
-- the listing's id index (score 0, read by prefix with ZRANGE BYLEX); drops from both the entries
-- whose data has certainly expired, and keeps both as long as the newest entry.
local function touchListing(prefix, kind, id, atMs, ttl)
  local key, ids = prefix .. 'idx:' .. kind, prefix .. 'lex:' .. kind
  rcall('ZADD', key, 'GT', atMs, id)
  rcall('ZADD', ids, 0, id)
  if ttl > 0 then
    -- A minute of slack for clocks of replicas that disagree; reads check each entry anyway.
    local expired = rcall('ZRANGE', key, '-inf', '(' .. string.format('%d', atMs - ttl * 1000 - 60000), 'BYSCORE')
    -- In chunks: Lua's unpack refuses a few thousand values at once.
    for i = 1, #expired, 500 do
      local last = math.min(i + 499, #expired)
      rcall('ZREM', key, unpack(expired, i, last))
      rcall('ZREM', ids, unpack(expired, i, last))
    end
    rcall('EXPIRE', key, ttl)
    rcall('EXPIRE', ids, ttl)
  else
    rcall('PERSIST', key)
    rcall('PERSIST', ids)
  end
end

-- Appends one event to the tenant's capped log; the stream id is the event's id.
local function logEvent(prefix, eventType, scopeField, scopeId, data, maxLen, ttl)
  local key = prefix .. 'events'
  rcall('XADD', key, 'MAXLEN', '~', maxLen, '*', 't', eventType, scopeField, scopeId, 'd', data)
  rcall('EXPIRE', key, ttl)
end

-- Counts activity in its minute: one hash per hour, fields '<minute of hour>:<what>', kept 25 hours.
local function countMinute(prefix, atMs, what, by)
  local minute = math.floor(atMs / 60000)
  local key = prefix .. 'minutes:' .. string.format('%d', math.floor(minute / 60))
  rcall('HINCRBY', key, (minute % 60) .. ':' .. what, by)
  rcall('EXPIRE', key, 90000)
end
