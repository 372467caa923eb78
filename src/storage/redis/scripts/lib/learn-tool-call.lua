-- Folds one recorded call into the tenant's shared knowledge of its tool, a field at a time, decides the
-- session's pending offer for the tool, and offers the call's own failure the best fix. A function, so that
-- recordAndLearnToolCall runs it too. Needs lib/call-arguments.lua, lib/renewal.lua, lib/tool-fields.lua,
-- lib/activity.lua and lib/keep-at-least.lua.
--
-- k, the keys by name (keys.ts: shared): tool (hash: calls, successes, failure, fixes, timed, timed_sum,
-- last_used_at, updated_at, offers_since, born, success_patterns, the tool's offer counts offered, worked,
-- failed, other_fix, ignored, dropped_argument_names, dropped_error_types), args, args_seen, errors, errors_seen (lib/tool-fields.lua), sessions (HyperLogLog), tools
-- (tool → minus its calls), tool_names (lex), recent_sessions, record (the idempotency record), offers (the
-- session's pending offer per tool), offer_sequence, and the efficacy report's efficacy_totals, best_fixes,
-- worst_fixes, ranked_fixes; lib/activity.lua names its keys from input.prefix.
-- input, by name: tool, session, call_id, outcome, arguments, goal, error_type, execution_ms, at, at_ms,
-- fixed_error_type, fixed_id, delta, canonical_delta, adoption (what a fix's adoption compares), applicability
-- (where the fix applies: applicability.ts), offer (false: offer the call's failure nothing), previous_id,
-- entry_event and fix_event (the events' data), latency_bucket; the caps max_values, max_contexts,
-- max_successes, max_fixes, max_fix_events, max_names, max_errors, recent_sessions; and ttl, sessions_ttl,
-- record_ttl, events_kept, events_ttl, ranking ('wilson' or 'applied'), prefix.
-- Answers {} or, for a failure the tenant has an offerable fix for, { delta, times_applied, offer_id, counts }
-- (counts: "offered,worked,failed,other_fix,ignored,recent_outcomes"). The idempotency record keeps it, so a replay answers
-- the same offer.

-- efficacy.ts's rules, term for term so that both stores rank alike: the 95% Wilson lower bound of times
-- applied in times applied + failed trials, and retiring.
local function wilson(successes, trials)
  if trials <= 0 then return 0 end
  local p, z = successes / trials, 1.96
  local z2 = z * z
  local centre = p + z2 / (2 * trials)
  local margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
  return (centre - margin) / (1 + z2 / trials)
end

local function learnToolCall(k, input)
  local tool, sessionId, callId, outcome, now = input.tool, input.session, input.call_id, input.outcome, input.at
  local goal, errorType, execMs = input.goal, input.error_type, tonumber(input.execution_ms)
  local fixedErrorType, deltaJson, deltaCanonical = input.fixed_error_type, input.delta, input.canonical_delta
  local ttl, sessionsTtl, recordTtl, ranking, prefix = input.ttl, input.sessions_ttl, input.record_ttl, input.ranking, input.prefix

  -- A retried write (same idempotency key) was folded in already: answer what it answered, change nothing.
  local fresh = recordTtl == 0 or rcall('SET', k.record, '1', 'NX', 'EX', recordTtl)
  if not fresh then
    local answered = rcall('GET', k.record)
    if answered and answered ~= '1' then
      local offerId, times, counts, deltaText = string.match(answered, '^([^\n]*)\n([^\n]*)\n([^\n]*)\n(.*)$')
      return { delta = deltaText, times_applied = tonumber(times), offer_id = offerId, counts = counts }
    end
    return {}
  end

  -- The tenant's efficacy report, kept up to date here so that GET /efficacy reads it in one go.
  local totalsKey, bestKey, worstKey, rankedKey = k.efficacy_totals, k.best_fixes, k.worst_fixes, k.ranked_fixes

  local known = rcall('HMGET', k.tool, 'offers_since', 'calls')
  local offersSince = tonumber(known[1])
  local isNew = not known[2]
  if not offersSince then
    -- The tenant's last offer number when this knowledge began: older offers were made to knowledge
    -- forgotten (or expired) since, and decide nothing here.
    offersSince = tonumber(rcall('GET', k.offer_sequence) or '0')
    rcall('HSET', k.tool, 'offers_since', offersSince, 'born', bornNow())
  end

  local total = rcall('HINCRBY', k.tool, 'calls', 1)
  local successes = outcome == 'success' and rcall('HINCRBY', k.tool, 'successes', 1) or nil
  if isFailureOutcome(outcome) then rcall('HINCRBY', k.tool, 'failure', 1) end
  if execMs and execMs ~= 0 then
    rcall('HINCRBY', k.tool, 'timed', 1)
    rcall('HINCRBY', k.tool, 'timed_sum', execMs)
  end
  local args = decodeArgs(input.arguments)
  local droppedArgs = keepArguments(k.args, k.args_seen, args, total, input.max_names, input.max_values, ttl)
  local droppedErrors = 0

  -- Error patterns read in this call, each decoded once and written back once at the end.
  local loaded, dirty = {}, {}
  local function errorPattern(name, seen)
    if loaded[name] == nil then
      local ep, dropped
      if seen then
        ep, dropped = seeError(k.errors, k.errors_seen, name, total, input.max_errors, ttl)
        droppedErrors = droppedErrors + dropped
      else
        local raw = rcall('HGET', k.errors, name)
        ep = raw and cjson.decode(raw) or nil
      end
      loaded[name] = ep or false
    end
    return loaded[name] or nil
  end
  local function changed(name, ep)
    loaded[name] = ep
    dirty[name] = true
  end

  if isFailureOutcome(outcome) then
    local name = errorType ~= '' and errorType or 'unknown'
    local ep = errorPattern(name, true) or { first = total, count = 0, contexts = {}, example_args = objectJson(args), fixes = {}, events = {} }
    ep.count = ep.count + 1
    rememberContext(ep, goal, input.max_contexts)
    changed(name, ep)
  end

  -- The call's arguments by name, as canonical JSON text.
  local given = {}
  for _, kv in ipairs(args) do given[kv[1]] = kv[2] end

  -- Adopted: the call holds every value the offered fix added or changed, as canonical JSON text
  -- (the fix's adoption text, from when it was learned), and none of the keys it removed.
  local function adopted(adoption)
    local ok, wanted = pcall(cjson.decode, adoption)
    if not ok or type(wanted) ~= 'table' then return false end
    -- Written as w and r before the names were words.
    for _, pair in ipairs(wanted.wanted or wanted.w or {}) do
      if given[pair[1]] ~= pair[2] then return false end
    end
    for _, name in ipairs(wanted.removed or wanted.r or {}) do
      if given[name] ~= nil then return false end
    end
    return true
  end

  -- A fix applies to this call when the call holds each value it changed from, none of the keys it adds and
  -- every key it removes (applicability.ts, term for term): only then is it offered. A fix learned before
  -- its facts were kept is read from its canonical delta, where a changed value compares only as a string,
  -- number or boolean (cjson cannot give an object back as canonical text).
  local function applies(fix)
    local learned, equal, absent, present = 0, {}, {}, {}
    if fix.applies and fix.applies ~= '' then
      local facts = cjson.decode(fix.applies)
      equal, absent, present = facts.equal or {}, facts.absent or {}, facts.present or {}
    else
      -- A fix kept without its canonical delta cannot be read: it applies to nothing, and the call goes on.
      local readable, delta = pcall(cjson.decode, fix.canonical or '')
      if not readable or type(delta) ~= 'table' then return false end
      present = delta.removed or {}
      for name in pairs(delta.added or {}) do absent[#absent + 1] = name end
      for name, change in pairs(delta.changed or {}) do
        local held = given[name]
        local ok, value = pcall(cjson.decode, held or '')
        if type(change.from) == 'table' or not ok or value ~= change.from then return false end
        learned = learned + 1
      end
    end
    for _, pair in ipairs(equal) do
      if given[pair[1]] ~= pair[2] then return false end
    end
    for _, name in ipairs(absent) do
      if given[name] ~= nil then return false end
    end
    for _, name in ipairs(present) do
      if given[name] == nil then return false end
    end
    return learned + #equal + #absent + #present > 0
  end

  local function failedOf(fix) return fix.failed or 0 end
  -- efficacy.ts: withRecentOutcome, keeping the latest 5.
  local function withRecentOutcome(fix, worked)
    local recent = (fix.recent_outcomes or '') .. (worked and 'w' or 'f')
    fix.recent_outcomes = string.sub(recent, -5)
  end
  local function scoreOf(fix)
    if ranking == 'applied' then return fix.times_applied end
    return wilson(fix.times_applied, fix.times_applied + failedOf(fix))
  end
  -- Retired (efficacy.ts: isRetired): 3 of its latest outcomes failed, or it failed 3 times or more and works in under 30%.
  local function recentFailures(fix)
    local _, failures = string.gsub(fix.recent_outcomes or '', 'f', '')
    return failures
  end
  local function offerable(fix)
    return ranking == 'applied' or not (recentFailures(fix) >= 3 or
      (failedOf(fix) >= 3 and fix.times_applied / (fix.times_applied + failedOf(fix)) < 0.3))
  end
  -- Held: the call already holds every value the fix sets and none of the keys it removes (applicability.ts:
  -- isHeld); a fix with no parts is held by nothing.
  local function held(fix)
    local ok, wanted = pcall(cjson.decode, fix.adoption or '')
    if not ok or type(wanted) ~= 'table' then return false end
    local parts = #(wanted.wanted or wanted.w or {}) + #(wanted.removed or wanted.r or {})
    return parts > 0 and adopted(fix.adoption)
  end
  -- The fix to offer (knowledge.ts: bestFixOf): of those that apply, the best score, then most applied, then most
  -- recently applied, then the later kept. Under the Wilson rule, none when the call already holds an offerable fix
  -- that ranks above it.
  local function typicalFix(fixes)
    -- Ranked above (efficacy.ts: rankFixes): a better score, then more applied, then applied later, then kept later.
    local function above(a, other)
      if not other then return true end
      if a.score ~= other.score then return a.score > other.score end
      if a.fix.times_applied ~= other.fix.times_applied then return a.fix.times_applied > other.fix.times_applied end
      if a.fix.last_applied_at ~= other.fix.last_applied_at then return a.fix.last_applied_at > other.fix.last_applied_at end
      return a.index > other.index
    end
    local best, bestHeld
    for i, fix in ipairs(fixes) do
      if offerable(fix) then
        local ranked = { fix = fix, score = scoreOf(fix), index = i }
        if applies(fix) then
          if above(ranked, best) then best = ranked end
        elseif ranking == 'wilson' and held(fix) and above(ranked, bestHeld) then
          bestHeld = ranked
        end
      end
    end
    if not best or (bestHeld and above(bestHeld, best)) then return nil end
    return best.fix
  end
  -- The fix to forget for a new one: least applied, then applied longest ago, then the earlier kept.
  local function leastUsedFixIndex(fixes)
    local worst
    for i, fix in ipairs(fixes) do
      if not worst or fix.times_applied < fixes[worst].times_applied or
          (fix.times_applied == fixes[worst].times_applied and fix.last_applied_at < fixes[worst].last_applied_at) then
        worst = i
      end
    end
    return worst
  end

  -- A fix's place in the report (domain/efficacy/ranks.ts, term for term): the best by score, then times
  -- applied; the worst (only a fix that failed when taken) by the share of adoptions that worked, then the
  -- most adopted.
  local function memberOf(errorName, fix) return cjson.encode({ tool, errorName, fix.canonical }) end
  local function rankFix(errorName, fix)
    local member, failed, worked = memberOf(errorName, fix), failedOf(fix), fix.worked or 0
    rcall('ZADD', bestKey, math.floor(wilson(fix.times_applied, fix.times_applied + failed) * 1e6) * 1e9 + math.min(fix.times_applied, 999999999), member)
    if failed > 0 then
      local adopted = worked + failed
      rcall('ZADD', worstKey, math.floor(worked / adopted * 1e6) * 1e9 + (999999999 - math.min(adopted, 999999999)), member)
    else
      rcall('ZREM', worstKey, member)
    end
    rcall('HSET', rankedKey, member, cjson.encode({ delta = fix.delta, times_applied = fix.times_applied, last_applied_at = fix.last_applied_at,
      offered = fix.offered or 0, worked = worked, failed = failed, other_fix = fix.other_fix or 0, ignored = fix.ignored or 0,
      recent_outcomes = fix.recent_outcomes or '' }))
  end
  local function unrankFix(errorName, fix)
    local member = memberOf(errorName, fix)
    rcall('ZREM', bestKey, member)
    rcall('ZREM', worstKey, member)
    rcall('HDEL', rankedKey, member)
  end
  local function findFix(ep, canonical)
    for _, fix in ipairs(ep and ep.fixes or {}) do
      if fix.canonical == canonical then return fix end
    end
    return nil
  end

  -- The fix this call made, learned under the error type of the failure it fixed (seen now, so it is the
  -- most recent; a type the cap forgot is made again, without its earlier count).
  if deltaJson ~= '' then
    rcall('HINCRBY', k.tool, 'fixes', 1)
    if fixedErrorType ~= '' then
      local ep = errorPattern(fixedErrorType, true) or { first = total, count = 0, contexts = {}, fixes = {}, events = {} }
      if ep.fixes == nil or ep.fixes[1] == nil then ep.fixes = {} end
      local fix = findFix(ep, deltaCanonical)
      if fix then
        fix.times_applied = fix.times_applied + 1
        fix.last_applied_at = now
        -- Seen fixing a failure again: one more success among its latest outcomes.
        withRecentOutcome(fix, true)
        fix.adoption = fix.adoption or input.adoption
        if not fix.applies or fix.applies == '' then fix.applies = input.applicability end
      else
        if #ep.fixes >= input.max_fixes then unrankFix(fixedErrorType, table.remove(ep.fixes, leastUsedFixIndex(ep.fixes))) end
        fix = { delta = deltaJson, canonical = deltaCanonical, adoption = input.adoption, applies = input.applicability, times_applied = 1, last_applied_at = now,
          offered = 0, worked = 0, failed = 0, other_fix = 0, ignored = 0, recent_outcomes = 'w' }
        ep.fixes[#ep.fixes + 1] = fix
      end
      rankFix(fixedErrorType, fix)
      if ep.events == nil or ep.events[1] == nil then ep.events = {} end
      ep.events[#ep.events + 1] = { session_id = sessionId, failed_call_id = input.fixed_id, fix_call_id = callId, applied_at = now }
      if #ep.events > input.max_fix_events then table.remove(ep.events, 1) end
      changed(fixedErrorType, ep)
    end
    local raw = rcall('HGET', k.tool, 'success_patterns')
    local patterns = raw and cjson.decode(raw) or {}
    if patterns[1] == nil then patterns = {} end
    patterns[#patterns + 1] = { goal_match = goal ~= '' and goal or nil, arg_hints = objectJson(args), example_call_id = callId,
      delta_that_fixed = deltaJson, session_id = sessionId }
    if #patterns > input.max_successes then table.remove(patterns, 1) end
    rcall('HSET', k.tool, 'success_patterns', cjson.encode(patterns))
  end

  -- JSON text of a string as JavaScript writes it (cjson also escapes '/'), so events read alike on both stores.
  local function str(text) return (string.gsub(cjson.encode(text), '\\/', '/')) end

  local function countsText(fix)
    return (fix.offered or 0) .. ',' .. (fix.worked or 0) .. ',' .. failedOf(fix) .. ',' .. (fix.other_fix or 0) .. ',' .. (fix.ignored or 0) ..
      ',' .. (fix.recent_outcomes or '')
  end

  local offersKey = k.offers
  local events = {}

  -- 1. The session's pending offer for this tool is decided by this call, if it is the next one.
  local pendingRaw = rcall('HGET', offersKey, tool)
  if pendingRaw then
    local pending = cjson.decode(pendingRaw)
    -- Written as call, et and adopt before the names were words.
    pending.call_id, pending.error_type = pending.call_id or pending.call, pending.error_type or pending.et
    pending.adoption = pending.adoption or pending.adopt
    local number = tonumber(string.sub(pending.id, 7)) or 0 -- after 'offer-'
    -- A partial or cancelled call says neither that the fix worked nor that it failed (efficacy.ts: outcomeOf).
    local decisive = outcome == 'success' or isFailureOutcome(outcome)
    if pending.call_id == input.previous_id and number > offersSince and decisive then
      local took = adopted(pending.adoption or '')
      local succeeded = outcome == 'success'
      local result = took and (succeeded and 'worked' or 'failed') or (succeeded and 'other_fix' or 'ignored')
      local ep = errorPattern(pending.error_type, false)
      local fix = findFix(ep, pending.canonical)
      if fix then
        fix[result] = (fix[result] or 0) + 1
        local detected = deltaCanonical == pending.canonical and fixedErrorType == pending.error_type
        -- An adoption's outcome is one of the latest; one that fix detection saw too was counted as it was learned above.
        if result == 'failed' or (result == 'worked' and not detected) then withRecentOutcome(fix, result == 'worked') end
        -- Worked when offered: applied once more, even if fix detection saw another change (decideOffer);
        -- the 'applied' rule counts as it did before efficacy was measured.
        if ranking == 'wilson' and result == 'worked' and not detected then
          fix.times_applied = fix.times_applied + 1
          fix.last_applied_at = now
        end
        rankFix(pending.error_type, fix)
        changed(pending.error_type, ep)
      end
      rcall('HINCRBY', k.tool, result, 1)
      rcall('HINCRBY', totalsKey, result, 1)
      events[#events + 1] = { 'fix.outcome', '{"offer_id":' .. str(pending.id) .. ',"session_id":' .. str(sessionId) ..
        ',"tool_name":' .. str(tool) .. ',"error_type":' .. str(pending.error_type) .. ',"outcome":"' .. result ..
        '","offered_call_id":' .. str(pending.call_id) .. ',"call_id":' .. str(callId) .. '}' }
    end
    rcall('HDEL', offersKey, tool)
  end

  -- 2. Only then is this call's own failure offered the best fix, which its next call will decide.
  local answer = {}
  if input.offer and isFailureOutcome(outcome) then
    local filedAs = errorType ~= '' and errorType or 'unknown'
    local ep = errorPattern(filedAs, false)
    local fix = ep and typicalFix(ep.fixes or {})
    if fix then
      local offerId = 'offer-' .. rcall('INCR', k.offer_sequence)
      fix.offered = (fix.offered or 0) + 1
      rcall('HINCRBY', k.tool, 'offered', 1)
      rcall('HINCRBY', totalsKey, 'offered', 1)
      rankFix(filedAs, fix)
      changed(filedAs, ep)
      rcall('HSET', offersKey, tool, cjson.encode({ id = offerId, call_id = callId, error_type = filedAs, canonical = fix.canonical, adoption = fix.adoption or '' }))
      if sessionsTtl > 0 then rcall('EXPIRE', offersKey, sessionsTtl) else rcall('PERSIST', offersKey) end
      answer = { delta = fix.delta, times_applied = fix.times_applied, offer_id = offerId, counts = countsText(fix) }
      if recordTtl > 0 then
        rcall('SET', k.record, offerId .. '\n' .. fix.times_applied .. '\n' .. answer.counts .. '\n' .. fix.delta, 'EX', recordTtl)
      end
      events[#events + 1] = { 'fix.offered', '{"offer_id":' .. str(offerId) .. ',"session_id":' .. str(sessionId) ..
        ',"tool_name":' .. str(tool) .. ',"error_type":' .. str(filedAs) .. ',"call_id":' .. str(callId) ..
        ',"fix_delta":' .. fix.delta .. '}' }
    end
  end

  for name in pairs(dirty) do saveError(k.errors, name, loaded[name], ttl) end
  if droppedArgs > 0 then rcall('HINCRBY', k.tool, 'dropped_argument_names', droppedArgs) end
  if droppedErrors > 0 then rcall('HINCRBY', k.tool, 'dropped_error_types', droppedErrors) end
  rcall('HSET', k.tool, 'updated_at', now, 'last_used_at', now)
  rcall('PFADD', k.sessions, sessionId)
  rcall('ZADD', k.tools, -total, tool)
  -- Its name at score 0 too, for listings by name prefix (ZRANGE BYLEX), when the tool is new here.
  if isNew then rcall('ZADD', k.tool_names, 0, tool) end
  -- A tool's keys expire together, renewed as a group that its own hash says is due (lib/renewal.lua);
  -- the indexes live as long as the most recently used tool, the efficacy report at least as long, and the
  -- tool's recent sessions as long as sessions do.
  if renewalDue(k.tool, ttl) then
    renew({ k.tool, k.args, k.args_seen, k.errors, k.errors_seen, k.sessions, k.tools, k.tool_names }, ttl)
    renew({ k.recent_sessions }, sessionsTtl)
    for _, key in ipairs({ totalsKey, bestKey, worstKey, rankedKey }) do keepAtLeast(key, ttl) end
  end

  touchListing(prefix, 'sessions', sessionId, input.at_ms, sessionsTtl)
  logEvent(prefix, 'tool_call.recorded', 'session', sessionId, input.entry_event, input.events_kept, input.events_ttl)
  countMinute(prefix, input.at_ms, 'c', 1)
  countToolCall(prefix, input.at_ms, tool, sessionId, outcome == 'success', input.latency_bucket, sessionsTtl, input.recent_sessions)
  if successes then countMinute(prefix, input.at_ms, 's', 1) end
  if input.fix_event ~= '' then
    logEvent(prefix, 'fix.detected', 'session', sessionId, input.fix_event, input.events_kept, input.events_ttl)
    countMinute(prefix, input.at_ms, 'f', 1)
  end
  for _, event in ipairs(events) do logEvent(prefix, event[1], 'session', sessionId, event[2], input.events_kept, input.events_ttl) end
  return answer
end
