-- The layout before fields: a session's pattern of a tool, and the tenant's knowledge of it, each one JSON document,
-- moved into the fields the service reads today (lib/tool-fields.lua), once, by the layout migration (migrations.ts):
-- no read or write of a request knows this layout. Needs lib/tool-fields.lua and lib/renewal.lua.

-- Moves a pattern of the layout before (one JSON document) into the fields: its arguments ([name, values,
-- canonical values] each) and its error patterns, each written by `errorField` (which adds what the session or
-- the tenant keeps of it). What was kept before is ordered before any call and seen at 0, in the order it was.
local function moveFields(k, args, errors, errorField)
  local argWrites, argsSeen = {}, {}
  for i, slot in ipairs(args or {}) do
    argWrites[#argWrites + 1] = slot[1]
    argWrites[#argWrites + 1] = cjson.encode({ first = 0, place = i, values = slot[2], canonical = slot[3] })
    argsSeen[#argsSeen + 1] = 0
    argsSeen[#argsSeen + 1] = slot[1]
  end
  if #argWrites > 0 then
    rcall('HSET', k.args, unpack(argWrites))
    rcall('ZADD', k.args_seen, unpack(argsSeen))
  end
  local errorWrites, errorsSeen, count = {}, {}, #(errors or {})
  for i, ep in ipairs(errors or {}) do
    local field = errorField(ep)
    field.first, field.count, field.contexts, field.example_args = i - count - 1, ep.count, ep.contexts, ep.example_args
    errorWrites[#errorWrites + 1] = ep.error_type
    errorWrites[#errorWrites + 1] = cjson.encode(field)
    errorsSeen[#errorsSeen + 1] = 0
    errorsSeen[#errorsSeen + 1] = ep.error_type
  end
  if #errorWrites > 0 then
    rcall('HSET', k.errors, unpack(errorWrites))
    rcall('ZADD', k.errors_seen, unpack(errorsSeen))
  end
end

-- Adds a document's success patterns (a list, or {} for none as cjson wrote it) to the writes, under `field`.
local function withSuccesses(writes, field, listed)
  local successes = {}
  for _, sp in ipairs(listed or {}) do successes[#successes + 1] = sp end
  if #successes == 0 then return end
  writes[#writes + 1] = field
  writes[#writes + 1] = cjson.encode(successes)
end

-- A tool's pattern as one JSON document in the session's patterns hash, moved into the tool's fields; the tool joins
-- the session's tools at the call number it was first called at.
local function movePattern(k, tool, ttl)
  local raw = rcall('HGET', k.legacy_patterns, tool)
  if not raw then return nil end
  -- A tool a newer version already keeps in fields (called before the move ran) keeps them: the document stays, unread.
  if rcall('EXISTS', k.pattern) == 1 then return nil end
  local p = cjson.decode(raw)
  local writes = { 'total', p.total, 'success', p.success, 'failure', p.failure, 'timed', p.timed, 'timed_sum', p.timed_sum,
    'updated_at', p.updated_at or '', 'born', bornNow(), 'since', p.since }
  withSuccesses(writes, 'successes', p.successes)
  rcall('HSET', k.pattern, unpack(writes))
  moveFields(k, p.args, p.errors, function(ep) return { fix_delta = ep.fix_delta } end)
  if #(p.recent or {}) > 0 then rcall('RPUSH', k.recent, unpack(p.recent)) end
  rcall('ZADD', k.tools, 'NX', p.since, tool)
  -- The session's tools may already live with its other keys: an expiry only for a set this move made.
  if ttl > 0 then rcall('EXPIRE', k.tools, ttl, 'NX') end
  rcall('HDEL', k.legacy_patterns, tool)
  renew({ k.pattern, k.args, k.args_seen, k.errors, k.errors_seen, k.recent }, ttl)
  return p
end

-- A tool's knowledge as one JSON document (HGET tool 'state'), moved into the fields; its calls and listing fields were
-- kept already.
local function moveKnowledge(k, raw, ttl)
  -- Knowledge a newer version already keeps in fields (the tool called before the move ran) keeps them: the document
  -- stays, unread.
  if rcall('HEXISTS', k.tool, 'born') == 1 then return nil end
  local p = cjson.decode(raw)
  local eff = p.eff or {}
  local writes = { 'failure', p.failure, 'timed', p.timed, 'timed_sum', p.timed_sum, 'offers_since', p.offers_since or 0, 'born', bornNow(),
    'updated_at', p.updated_at or '', 'offered', eff.offered or 0, 'worked', eff.worked or 0, 'failed', eff.failed or 0,
    'other_fix', eff.other_fix or 0, 'ignored', eff.ignored or 0 }
  withSuccesses(writes, 'success_patterns', p.successes)
  rcall('HSET', k.tool, unpack(writes))
  moveFields(k, p.args, p.errors, function(ep)
    local fixes = {}
    for _, fix in ipairs(ep.fixes or {}) do
      fixes[#fixes + 1] = { delta = fix.delta, canonical = fix.canonical, adoption = fix.adopt, times_applied = fix.times, last_applied_at = fix.last,
        offered = fix.offered or 0, worked = fix.worked or 0, failed = fix.failed or 0, other_fix = fix.other_fix or 0, ignored = fix.ignored or 0 }
    end
    return { fixes = fixes, events = ep.events or {} }
  end)
  rcall('HDEL', k.tool, 'state')
  renew({ k.args, k.args_seen, k.errors, k.errors_seen }, ttl)
  return p.offers_since or 0
end
