-- Applies one recorded call to the tenant's knowledge of its tool as TypeScript decided it (tool-fixes.ts), while what
-- the decision read is still so: storage only. A function, so that recordAndLearnToolCall runs it too. Needs
-- lib/call-arguments.lua, lib/renewal.lua, lib/tool-fields.lua, lib/activity.lua and lib/keep-at-least.lua.
--
-- k, the keys by name (tool-call-scripts.ts: tenantKeys): tool, args, args_seen, errors, errors_seen, fixes (a field
-- per error type: '<version>\n<JSON>'), fix_slots (beside each set's slots: '<slot>:<name>:<error type>' → an offer
-- count, or the member the report lists the slot's fix under),
-- sessions, tools, tool_names, recent_sessions, record, offers (the session's pending offer per tool:
-- '<offer id>\n<JSON>'), offer_sequence, efficacy_totals, best_fixes, worst_fixes, ranked_fixes.
-- input, by name (tool-call-scripts.ts: LearnInput): the call (tool, session, arguments, goal, at, at_ms); what the
-- decision read (guard: born, fixes by error type, pending, previous); what it changes (counts, totals, failure,
-- learned_for, fixes, fix_slots, ranks, success_pattern, pending_cleared, offer, outcome_event); the activity's texts,
-- caps and retentions.
-- Answers { outcome = 'applied', offer_id, offer_counts = the offered fix's offer counts }, { outcome = 'replayed',
-- record = what the first write kept ('1' for no offer) }, or, when something the decision read moved,
-- { outcome = 'refused', born, pending, fixes } as it now reads, and writes nothing.

-- The version a field of the fixes hash was written with, and a pending offer's id and what follows it ('' for none).
local function beforeNewline(raw) return raw and string.match(raw, '^[^\n]*') or '' end
local function afterNewline(raw) return raw and string.match(raw, '^[^\n]*\n(.*)$') or '' end

-- What the decision read, as it now reads: the tool's birth token, the session's pending offer and the fix sets asked.
local function readDecided(k, input)
  local fixes = {}
  for name in pairs(input.guard.fixes) do fixes[name] = rcall('HGET', k.fixes, name) or '' end
  return rcall('HGET', k.tool, 'born') or '', rcall('HGET', k.offers, input.tool), fixes
end

-- Whether what the decision read is still so (guard.previous: the session's call before this one, where the decision
-- took it to be the offered failure: only a single server's one script knows it before the decision is applied).
local function stillAsDecided(guard, previousId, born, pending, fixes)
  if guard.previous and guard.previous ~= previousId then return false end
  if born ~= guard.born or afterNewline(pending) ~= guard.pending then return false end
  for name, raw in pairs(fixes) do
    if beforeNewline(raw) ~= guard.fixes[name] then return false end
  end
  return true
end

-- The efficacy report's entries of the fixes the decision changed: scores and what the report shows, as given.
local function applyRanks(k, ranks)
  for _, entry in ipairs(ranks.changed or {}) do
    rcall('ZADD', k.best_fixes, entry.best, entry.member)
    if entry.worst then rcall('ZADD', k.worst_fixes, entry.worst, entry.member) else rcall('ZREM', k.worst_fixes, entry.member) end
    rcall('HSET', k.ranked_fixes, entry.member, entry.shown)
  end
  for _, member in ipairs(ranks.forgotten or {}) do
    rcall('ZREM', k.best_fixes, member)
    rcall('ZREM', k.worst_fixes, member)
    rcall('HDEL', k.ranked_fixes, member)
  end
end

-- Forgets error types' fix sets and every field their slots may hold (tool-fix-texts.ts: slotField names them).
local function forgetFixesOf(k, input)
  return function(errorTypes)
    rcall('HDEL', k.fixes, unpack(errorTypes))
    local fields = {}
    for _, errorType in ipairs(errorTypes) do
      for slot = 0, input.max_fixes - 1 do
        for _, name in ipairs(input.slot_fields) do fields[#fields + 1] = slot .. ':' .. name .. ':' .. errorType end
      end
    end
    rcall('HDEL', k.fix_slots, unpack(fields))
  end
end

-- The call's arguments and error types, seen at call number `total`: values kept, the failure's pattern counted, the
-- error type a fix was learned for made if absent; past the caps the least recently seen go (their fixes too).
local function seeCall(k, input, total, args)
  local dropped = keepArguments(k.args, k.args_seen, args, total, input.max_names, input.max_values, input.ttl)
  if dropped > 0 then rcall('HINCRBY', k.tool, 'dropped_argument_names', dropped) end
  local name = input.failure or input.learned_for
  if not name then return end
  local ep, droppedErrors = seeError(k.errors, k.errors_seen, name, total, input.max_errors, input.ttl, forgetFixesOf(k, input))
  ep = ep or { first = total, count = 0, contexts = {} }
  if input.failure then
    if ep.example_args == nil then ep.example_args = objectJson(args) end
    ep.count = ep.count + 1
    rememberContext(ep, input.goal, input.max_contexts)
  end
  saveError(k.errors, name, ep, input.ttl)
  if droppedErrors > 0 then rcall('HINCRBY', k.tool, 'dropped_error_types', droppedErrors) end
end

-- An offer event's data: an object whose first member is the offer's id, Redis's number; the rest is given as written.
local function withOfferId(offerId, rest) return '{"offer_id":"' .. offerId .. '",' .. string.sub(rest, 2) end

-- The fix slots' fields: the counts of slots new fixes took start again under their new members, then counts add one.
local function writeSlots(k, input, slots)
  if #slots.cleared > 0 then rcall('HDEL', k.fix_slots, unpack(slots.cleared)) end
  if #slots.members > 0 then rcall('HSET', k.fix_slots, unpack(slots.members)) end
  for _, field in ipairs(slots.added) do rcall('HINCRBY', k.fix_slots, field, 1) end
  if (#slots.members > 0 or #slots.added > 0) and input.ttl > 0 then rcall('EXPIRE', k.fix_slots, input.ttl, 'NX') end
end

-- The offer Redis numbers and counts: the pending offer, the idempotency record (the id and the offer counts before the
-- text given) and the event, each the text given after its id. Answers the id, the event and the offer counts.
local function makeOffer(k, input, offer)
  local offerId = 'offer-' .. rcall('INCR', k.offer_sequence)
  local counts = rcall('HMGET', k.fix_slots, unpack(offer.counts))
  counts[1] = rcall('HINCRBY', k.fix_slots, offer.counts[1], 1)
  for i = 2, #counts do counts[i] = tonumber(counts[i]) or 0 end
  if input.ttl > 0 then rcall('EXPIRE', k.fix_slots, input.ttl, 'NX') end
  rcall('HSET', k.offers, input.tool, offerId .. '\n' .. offer.pending)
  if input.sessions_ttl > 0 then rcall('EXPIRE', k.offers, input.sessions_ttl) else rcall('PERSIST', k.offers) end
  if input.record_ttl > 0 then rcall('SET', k.record, offerId .. '\n' .. table.concat(counts, ',') .. '\n' .. offer.record, 'EX', input.record_ttl) end
  return offerId, withOfferId(offerId, offer.event), counts
end

-- The tool's keys live and die together (lib/renewal.lua), the indexes as long as the most recently used tool, the
-- efficacy report at least as long, and the tool's recent sessions as long as sessions do.
local function renewTool(k, input)
  if not renewalDue(k.tool, input.ttl) then return end
  renew({ k.tool, k.args, k.args_seen, k.errors, k.errors_seen, k.fixes, k.fix_slots, k.sessions, k.tools, k.tool_names }, input.ttl)
  renew({ k.recent_sessions }, input.sessions_ttl)
  for _, key in ipairs({ k.efficacy_totals, k.best_fixes, k.worst_fixes, k.ranked_fixes }) do keepAtLeast(key, input.ttl) end
end

-- What a call leaves for dashboards here: its session's place in the listing and its events. (Its counts and the tool's
-- recent sessions the process adds up once the write applied, and sends a few times a second: activity-batches.ts.)
local function recordActivity(input, pendingId, offerEvent)
  local prefix, kept, eventsTtl, session = input.prefix, input.events_kept, input.events_ttl, input.session
  touchListing(prefix, 'sessions', session, input.at_ms, input.sessions_ttl)
  logEvent(prefix, 'tool_call.recorded', 'session', session, input.entry_event, kept, eventsTtl)
  if input.fix_event ~= '' then logEvent(prefix, 'fix.detected', 'session', session, input.fix_event, kept, eventsTtl) end
  if input.outcome_event then logEvent(prefix, 'fix.outcome', 'session', session, withOfferId(pendingId, input.outcome_event), kept, eventsTtl) end
  if offerEvent then logEvent(prefix, 'fix.offered', 'session', session, offerEvent, kept, eventsTtl) end
end

local function learnToolCall(k, input)
  -- A retried write (same idempotency key) was applied already: answer what it answered, change nothing.
  if input.record_ttl > 0 then
    local kept = rcall('GET', k.record)
    if kept then return { outcome = 'replayed', record = kept } end
  end
  local guard = input.guard
  local born, pending, fixes = readDecided(k, input)
  if not stillAsDecided(guard, input.previous_id, born, pending, fixes) then
    return { outcome = 'refused', born = born, pending = pending or '', fixes = fixes }
  end
  if input.record_ttl > 0 then rcall('SET', k.record, '1', 'EX', input.record_ttl) end

  local isNew = guard.born == ''
  if isNew then rcall('HSET', k.tool, 'born', input.born) end
  local total = 0
  for field, by in pairs(input.counts) do
    local counted = rcall('HINCRBY', k.tool, field, by)
    if field == 'calls' then total = counted end
  end
  for field, by in pairs(input.totals) do rcall('HINCRBY', k.efficacy_totals, field, by) end

  -- Fix sets first: an error type the caps forget below takes its set with it.
  for _, set in ipairs(input.fixes) do
    -- A hash made by this write gets the tool's retention here (lib/renewal.lua renews it with the rest).
    if rcall('HSET', k.fixes, set.name, set.version .. '\n' .. set.text) == 1 and input.ttl > 0 then rcall('EXPIRE', k.fixes, input.ttl, 'NX') end
  end
  writeSlots(k, input, input.fix_slots)
  seeCall(k, input, total, decodeArgs(input.arguments))
  applyRanks(k, input.ranks)
  if input.success_pattern ~= '' then appendTrimmed(k.tool, 'success_patterns', input.success_pattern, input.max_successes) end

  if input.pending_cleared then rcall('HDEL', k.offers, input.tool) end
  local offerId, offerEvent, offerCounts
  if input.offer then offerId, offerEvent, offerCounts = makeOffer(k, input, input.offer) end

  rcall('HSET', k.tool, 'updated_at', input.at, 'last_used_at', input.at)
  rcall('PFADD', k.sessions, input.session)
  rcall('ZADD', k.tools, -total, input.tool)
  -- Its name at score 0 too, for listings by name prefix (ZRANGE BYLEX), when the tool is new here.
  if isNew then rcall('ZADD', k.tool_names, 0, input.tool) end
  renewTool(k, input)
  recordActivity(input, beforeNewline(pending), offerEvent)
  return { outcome = 'applied', offer_id = offerId, offer_counts = offerCounts }
end
