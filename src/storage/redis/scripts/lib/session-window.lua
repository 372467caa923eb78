-- The end of a session's log as fix detection in TypeScript reads it (domain/tools/pattern-update.ts: findFixTarget),
-- with what a write decided on it is checked against. No rule here: the entries and settings read as they are.
-- k: the session's meta, settings, log and calls (keys.ts: session), and the called tool's pattern, args, args_seen,
-- errors and errors_seen (session.tool).
-- readSessionWindow answers { allocated, created_at, token, max_log, window (the session's own settings, '' where
-- unset), entries (the entry JSON of the last `span` calls, oldest first), fixed_by (each one's fixing call id, or '') };
-- callRefusal answers that with the tool's pattern as it reads (fields) and outcome = 'conflict', or nil.

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

-- What a decision on the called tool's pattern depends on (session-pattern-fields.ts: fieldsVersion): the random
-- token its keys were made with, and its calls.
local function patternVersion(k)
  local kept = rcall('HMGET', k.pattern, 'born', 'total')
  return (kept[1] or '') .. ':' .. (kept[2] or '0')
end

-- The called tool's pattern as its keys hold it, for a decision made again (session-pattern-fields.ts: fieldsFrom).
local function readToolFields(k)
  return { pattern = rcall('HGETALL', k.pattern), args = rcall('HGETALL', k.args), args_seen = rcall('ZRANGE', k.args_seen, 0, -1, 'WITHSCORES'),
    errors = rcall('HGETALL', k.errors), errors_seen = rcall('ZRANGE', k.errors_seen, 0, -1, 'WITHSCORES') }
end

-- Why a call decided on `expect` (the session) and `patternExpect` (its tool's pattern) is not to be applied: the
-- window and the pattern as they now read, or nil when both still read as the decision read them.
local function callRefusal(k, expect, patternExpect, span)
  if not sessionMoved(k, expect) and patternVersion(k) == patternExpect then return nil end
  local current = readSessionWindow(k, span)
  current.fields = readToolFields(k)
  current.outcome = 'conflict'
  return current
end
