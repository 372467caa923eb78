-- What a tenant-level write leaves for dashboards: its place in a listing, an event, a tool's recent sessions. A lesson's
-- or tool call's counts and recent sessions are added up by the process and sent by addActivity-1.lua; its place and its
-- events are written by the write's own script, so that a listing never misses a task or session it kept.
-- Every key is named from the tenant's prefix, so all of it shares the {tenant:shared} slot. Needs lib/renewal.lua.

-- Moves a task or session to the top of its listing (never back in time: ZADD GT) and adds it to
-- the listing's id index (score 0, read by prefix with ZRANGE BYLEX); drops from both the entries
-- whose data has certainly expired, and keeps both as long as the newest entry.
local function touchListing(prefix, kind, id, atMs, ttl)
  local key, ids = prefix .. 'idx:' .. kind, prefix .. 'lex:' .. kind
  -- A new member of the time index (ZADD answers how many were added) is new to the id index too.
  if rcall('ZADD', key, 'GT', atMs, id) == 1 then rcall('ZADD', ids, 0, id) end
  if ttl > 0 then
    -- A minute of slack for clocks of replicas that disagree; reads check each entry anyway.
    local expired = rcall('ZRANGE', key, '-inf', '(' .. string.format('%d', atMs - ttl * 1000 - 60000), 'BYSCORE')
    -- In chunks: Lua's unpack refuses a few thousand values at once.
    for i = 1, #expired, 500 do
      local last = math.min(i + 499, #expired)
      rcall('ZREM', key, unpack(expired, i, last))
      rcall('ZREM', ids, unpack(expired, i, last))
    end
  end
  if renewalDue(key, ttl) then renew({ key, ids }, ttl) end
end

-- Appends one event to the tenant's capped log; the stream id is the event's id.
local function logEvent(prefix, eventType, scopeField, scopeId, data, maxLen, ttl)
  local key = prefix .. 'events'
  rcall('XADD', key, 'MAXLEN', '~', maxLen, '*', 't', eventType, scopeField, scopeId, 'd', data)
  rcall('EXPIRE', key, ttl)
end

-- Keeps the session among the tool's most recent sessions (the `recentKept` latest), which live as long as sessions do.
local function keepRecentSession(prefix, atMs, tool, sessionId, sessionsTtl, recentKept)
  -- A session new to the tool's recent ones trims the oldest; the set is renewed with the tool's keys
  -- (lib/learn-tool-call.lua), or here when it was just made.
  local recent = prefix .. 'toolsessions:' .. tool
  if rcall('ZADD', recent, 'GT', atMs, sessionId) == 1 then
    rcall('ZREMRANGEBYRANK', recent, 0, -recentKept - 1)
    if renewalDue(recent, sessionsTtl) then renew({ recent }, sessionsTtl) end
  end
end
