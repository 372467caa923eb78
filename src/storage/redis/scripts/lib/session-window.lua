-- The end of a session's log as fix detection in TypeScript reads it (domain/tools/pattern-update.ts: findFixTarget),
-- with what a write decided on it is checked against. No rule here: the entries and settings read as they are.
-- k: the session's meta, settings, log and calls (keys.ts: session).
-- Answers { allocated, created_at, token, max_log, window (the session's own settings, '' where unset), entries (the entry
-- JSON of the last `span` calls, oldest first), fixed_by (each one's fixing call id, or '') }.

-- What a decision on the window depends on: the calls allocated, when the session began, the random token of its last
-- write (so that a write a failover lost, or an import, never leaves a window that reads as one a cache holds), and its
-- own settings.
local function sessionGuard(k)
  local meta = rcall('HMGET', k.meta, 'allocated', 'created_at', 'token')
  local own = rcall('HMGET', k.settings, 'max_log_entries', 'fix_detection_window')
  return { allocated = tonumber(meta[1] or '0'), created_at = meta[2] or '', token = meta[3] or '', max_log = own[1] or '',
    window = own[2] or '' }
end

-- Whether the session still reads as the decision read it.
local function sessionMoved(k, expect)
  local now = sessionGuard(k)
  return now.allocated ~= expect.allocated or now.created_at ~= expect.created_at or now.token ~= expect.token or
    now.max_log ~= expect.max_log or now.window ~= expect.window
end

-- The last calls of the log: as many as the session's own window, or `span` when it sets none.
local function readSessionWindow(k, span)
  local window = sessionGuard(k)
  local count = tonumber(window.window) or span
  local ids = count > 0 and rcall('LRANGE', k.log, -count, -1) or {}
  local fields = {}
  for _, id in ipairs(ids) do
    fields[#fields + 1] = 'e:' .. id
    fields[#fields + 1] = 'f:' .. id
  end
  local found = #fields > 0 and rcall('HMGET', k.calls, unpack(fields)) or {}
  window.entries, window.fixed_by = {}, {}
  for i = 1, #ids do
    window.entries[i] = found[2 * i - 1] or ''
    window.fixed_by[i] = found[2 * i] or ''
  end
  return window
end
