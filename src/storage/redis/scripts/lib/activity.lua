-- What a tenant-level write leaves for dashboards: its place in a listing, an event, minute counts.
-- Every key is named from the tenant's prefix, so all of it shares the {tenant:shared} slot.

-- Moves a task or session to the top of its listing (never back in time: ZADD GT), drops entries
-- whose data has certainly expired, and keeps the index as long as its newest entry.
local function touchListing(prefix, kind, id, atMs, ttl)
  local key = prefix .. 'idx:' .. kind
  rcall('ZADD', key, 'GT', atMs, id)
  if ttl > 0 then
    -- A minute of slack for clocks of replicas that disagree; reads check each entry anyway.
    rcall('ZREMRANGEBYSCORE', key, '-inf', '(' .. string.format('%d', atMs - ttl * 1000 - 60000))
    rcall('EXPIRE', key, ttl)
  else
    rcall('PERSIST', key)
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
