-- The body of learnToolCall as a function, so that recordAndLearnToolCall can run it too (the KEYS
-- and ARGV it takes are learnToolCall-4.lua's). Needs lib/pattern-fold.lua, lib/renewal.lua, lib/activity.lua and lib/keep-at-least.lua.
local function learnToolCall(KEYS, ARGV)
  local toolKey, sessionsKey, toolsKey, appliedKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
  local tool, sessionId, callId, outcome, argsJson = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
  local goal, errorType, execMs, now = ARGV[6], ARGV[7], tonumber(ARGV[8]), ARGV[9]
  local fixedErrorType, fixedId, deltaJson, deltaCanonical = ARGV[10], ARGV[11], ARGV[12], ARGV[13]
  local maxArgValues, maxContexts, maxSuccesses, maxFixes = tonumber(ARGV[14]), tonumber(ARGV[15]), tonumber(ARGV[16]), tonumber(ARGV[17])
  local markerTtl, ttl, maxEvents = tonumber(ARGV[18]), tonumber(ARGV[19]), tonumber(ARGV[20])

  local ranking, previousId, adoptionJson = ARGV[28], ARGV[29], ARGV[30]

  -- The tenant's efficacy report, kept up to date here so that GET /efficacy reads it in one go
  -- (keys.ts: efficacyTotals, bestFixes, worstFixes, rankedFixes, named from the tenant's prefix).
  local totalsKey, bestKey, worstKey, rankedKey = ARGV[21] .. 'eff:totals', ARGV[21] .. 'eff:best', ARGV[21] .. 'eff:worst', ARGV[21] .. 'eff:fixes'

  -- efficacy.ts's rules, term for term so that both stores rank alike: the 95% Wilson lower bound
  -- of times applied in times applied + failed trials, and retiring.
  local function wilson(successes, trials)
    if trials <= 0 then return 0 end
    local p, z = successes / trials, 1.96
    local z2 = z * z
    local centre = p + z2 / (2 * trials)
    local margin = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (centre - margin) / (1 + z2 / trials)
  end
  local function failedOf(fix) return fix.failed or 0 end
  local function scoreOf(fix)
    if ranking == 'applied' then return fix.times end
    return wilson(fix.times, fix.times + failedOf(fix))
  end
  local function offerable(fix)
    return ranking == 'applied' or not (failedOf(fix) >= 3 and fix.times / (fix.times + failedOf(fix)) < 0.3)
  end

  -- The fix to offer: the best score, then most applied, then most recently applied, then the later kept.
  local function typicalFix(fixes)
    local best, bestScore
    for _, fix in ipairs(fixes) do
      if offerable(fix) then
        local score = scoreOf(fix)
        if not best or score > bestScore or (score == bestScore and (fix.times > best.times or
            (fix.times == best.times and fix.last >= best.last))) then
          best, bestScore = fix, score
        end
      end
    end
    return best
  end

  -- A fix's place in the report (efficacy-ranks.ts, term for term): the best by score, then times
  -- applied; the worst (only a fix that failed when taken) by the share of adoptions that worked,
  -- then the most adopted.
  local function memberOf(errorName, fix) return cjson.encode({ tool, errorName, fix.canonical }) end
  local function rankFix(errorName, fix)
    local member, failed, worked = memberOf(errorName, fix), failedOf(fix), fix.worked or 0
    rcall('ZADD', bestKey, math.floor(wilson(fix.times, fix.times + failed) * 1e6) * 1e9 + math.min(fix.times, 999999999), member)
    if failed > 0 then
      local adopted = worked + failed
      rcall('ZADD', worstKey, math.floor(worked / adopted * 1e6) * 1e9 + (999999999 - math.min(adopted, 999999999)), member)
    else
      rcall('ZREM', worstKey, member)
    end
    rcall('HSET', rankedKey, member, cjson.encode({ delta = fix.delta, times = fix.times, last = fix.last, offered = fix.offered or 0,
      worked = worked, failed = failed, other_fix = fix.other_fix or 0, ignored = fix.ignored or 0 }))
  end
  local function unrankFix(errorName, fix)
    local member = memberOf(errorName, fix)
    rcall('ZREM', bestKey, member)
    rcall('ZREM', worstKey, member)
    rcall('HDEL', rankedKey, member)
  end

  -- The fix to forget for a new one: least applied, then applied longest ago, then the earlier kept.
  local function leastUsedFixIndex(fixes)
    local worst
    for i, fix in ipairs(fixes) do
      if not worst or fix.times < fixes[worst].times or (fix.times == fixes[worst].times and fix.last < fixes[worst].last) then worst = i end
    end
    return worst
  end

  local function errorPattern(p, name)
    for _, ep in ipairs(p.errors) do
      if ep.error_type == name then return ep end
    end
    -- A fix for a failure folded before this knowledge existed (or was forgotten) is still worth keeping.
    local created = { error_type = name, count = 0, contexts = {} }
    p.errors[#p.errors + 1] = created
    return created
  end

  local function learnFix(p)
    p.fixes_learned = p.fixes_learned + 1
    if fixedErrorType ~= '' then
      local ep = errorPattern(p, fixedErrorType)
      ep.fixes = ep.fixes or {}
      local known
      for _, fix in ipairs(ep.fixes) do
        if fix.canonical == deltaCanonical then known = fix break end
      end
      if known then
        known.times = known.times + 1
        known.last = now
        known.adopt = known.adopt or adoptionJson
      else
        if #ep.fixes >= maxFixes then unrankFix(fixedErrorType, table.remove(ep.fixes, leastUsedFixIndex(ep.fixes))) end
        known = { delta = deltaJson, canonical = deltaCanonical, adopt = adoptionJson, times = 1, last = now }
        ep.fixes[#ep.fixes + 1] = known
      end
      rankFix(fixedErrorType, known)
      ep.events = ep.events or {}
      ep.events[#ep.events + 1] = { session_id = sessionId, failed_call_id = fixedId, fix_call_id = callId, applied_at = now }
      if #ep.events > maxEvents then table.remove(ep.events, 1) end
    end
    p.successes[#p.successes + 1] = { goal_match = goal ~= '' and goal or nil, arg_hints = objectJson(decodeArgs(argsJson)),
      example_call_id = callId, delta_that_fixed = deltaJson, session_id = sessionId }
    if #p.successes > maxSuccesses then table.remove(p.successes, 1) end
  end

  local raw = rcall('HGET', toolKey, 'state')
  local p
  if raw then
    p = cjson.decode(raw)
  else
    -- offers_since: the tenant's last offer number when this knowledge began; older offers were
    -- made to knowledge forgotten (or expired) since, and decide nothing here.
    p = { total = 0, success = 0, failure = 0, timed = 0, timed_sum = 0, fixes_learned = 0,
          args = {}, errors = {}, successes = {},
          offers_since = tonumber(rcall('GET', ARGV[21] .. 'offerseq') or '0') }
  end

  -- JSON text of a string as JavaScript writes it (cjson also escapes '/'), so events read alike on both stores.
  local function str(text) return (string.gsub(cjson.encode(text), '\\/', '/')) end

  -- Adopted: the call holds every value the offered fix added or changed, as canonical JSON text
  -- (the fix's adoption text, from when it was learned), and none of the keys it removed.
  local function adopted(adoption, args)
    local given = {}
    for _, kv in ipairs(args) do given[kv[1]] = kv[2] end
    local ok, wanted = pcall(cjson.decode, adoption)
    if not ok or type(wanted) ~= 'table' then return false end
    for _, pair in ipairs(wanted.w or {}) do
      if given[pair[1]] ~= pair[2] then return false end
    end
    for _, name in ipairs(wanted.r or {}) do
      if given[name] ~= nil then return false end
    end
    return true
  end

  local function findFix(p, errorName, canonical)
    for _, ep in ipairs(p.errors) do
      if ep.error_type == errorName then
        for _, fix in ipairs(ep.fixes or {}) do
          if fix.canonical == canonical then return fix end
        end
        return nil
      end
    end
  end

  local function countsText(fix)
    return (fix.offered or 0) .. ',' .. (fix.worked or 0) .. ',' .. failedOf(fix) .. ',' .. (fix.other_fix or 0) .. ',' .. (fix.ignored or 0)
  end

  -- A retried write (same idempotency key) was folded in already: answer what it answered, change nothing.
  local fresh = markerTtl == 0 or rcall('SET', appliedKey, '1', 'NX', 'EX', markerTtl)
  if not fresh then
    local answered = rcall('GET', appliedKey)
    if answered and answered ~= '1' then
      local offerId, times, counts, deltaText = string.match(answered, '^([^\n]*)\n([^\n]*)\n([^\n]*)\n(.*)$')
      return { deltaText, tonumber(times), offerId, counts }
    end
    return {}
  end

  local args = decodeArgs(argsJson)
  foldCall(p, args, outcome, goal, errorType, execMs, maxArgValues, maxContexts)
  if deltaJson ~= '' then learnFix(p) end
  p.eff = p.eff or { offered = 0, worked = 0, failed = 0, other_fix = 0, ignored = 0 }

  local prefix, atMs, maxLen, eventsTtl = ARGV[21], tonumber(ARGV[22]), tonumber(ARGV[23]), tonumber(ARGV[24])
  local sessionsTtl = tonumber(ARGV[27])
  local offersKey = prefix .. 'offers:' .. sessionId
  local events = {}

  -- 1. The session's pending offer for this tool is decided by this call, if it is the next one.
  local pendingRaw = rcall('HGET', offersKey, tool)
  if pendingRaw then
    local pending = cjson.decode(pendingRaw)
    local number = tonumber(string.sub(pending.id, 7)) or 0 -- after 'offer-'
    -- A partial or cancelled call says neither that the fix worked nor that it failed (efficacy.ts: outcomeOf).
    local decisive = outcome == 'success' or isFailureOutcome(outcome)
    if pending.call == previousId and number > (p.offers_since or 0) and decisive then
      local took = adopted(pending.adopt or '', args)
      local succeeded = outcome == 'success'
      local result = took and (succeeded and 'worked' or 'failed') or (succeeded and 'other_fix' or 'ignored')
      local fix = findFix(p, pending.et, pending.canonical)
      if fix then
        fix[result] = (fix[result] or 0) + 1
        -- Worked when offered: applied once more, even if fix detection saw another change (decideOffer);
        -- the 'applied' rule counts as it did before efficacy was measured.
        if ranking == 'wilson' and result == 'worked' and not (deltaCanonical == pending.canonical and fixedErrorType == pending.et) then
          fix.times = fix.times + 1
          fix.last = now
        end
        rankFix(pending.et, fix)
      end
      p.eff[result] = p.eff[result] + 1
      rcall('HINCRBY', totalsKey, result, 1)
      events[#events + 1] = { 'fix.outcome', '{"offer_id":' .. str(pending.id) .. ',"session_id":' .. str(sessionId) ..
        ',"tool_name":' .. str(tool) .. ',"error_type":' .. str(pending.et) .. ',"outcome":"' .. result ..
        '","offered_call_id":' .. str(pending.call) .. ',"call_id":' .. str(callId) .. '}' }
    end
    rcall('HDEL', offersKey, tool)
  end

  -- 2. Only then is this call's own failure offered the best fix, which its next call will decide.
  local answer = {}
  if isFailureOutcome(outcome) then
    local filedAs = errorType ~= '' and errorType or 'unknown'
    for _, ep in ipairs(p.errors) do
      if ep.error_type == filedAs then
        local fix = typicalFix(ep.fixes or {})
        if fix then
          local offerId = 'offer-' .. rcall('INCR', prefix .. 'offerseq')
          fix.offered = (fix.offered or 0) + 1
          p.eff.offered = p.eff.offered + 1
          rcall('HINCRBY', totalsKey, 'offered', 1)
          rankFix(filedAs, fix)
          rcall('HSET', offersKey, tool, cjson.encode({ id = offerId, call = callId, et = filedAs, canonical = fix.canonical, adopt = fix.adopt or '' }))
          if sessionsTtl > 0 then rcall('EXPIRE', offersKey, sessionsTtl) else rcall('PERSIST', offersKey) end
          answer = { fix.delta, fix.times, offerId, countsText(fix) }
          if markerTtl > 0 then
            rcall('SET', appliedKey, offerId .. '\n' .. fix.times .. '\n' .. answer[4] .. '\n' .. fix.delta, 'EX', markerTtl)
          end
          events[#events + 1] = { 'fix.offered', '{"offer_id":' .. str(offerId) .. ',"session_id":' .. str(sessionId) ..
            ',"tool_name":' .. str(tool) .. ',"error_type":' .. str(filedAs) .. ',"call_id":' .. str(callId) ..
            ',"fix_delta":' .. fix.delta .. '}' }
        end
        break
      end
    end
  end

  p.updated_at = now
  p.last_used_at = now
  rcall('HSET', toolKey, 'state', cjson.encode(p), 'calls', p.total, 'successes', p.success,
    'fixes', p.fixes_learned, 'last_used_at', now)
  rcall('PFADD', sessionsKey, sessionId)
  rcall('ZADD', toolsKey, -p.total, tool)
  -- Its name at score 0 too, for listings by name prefix (ZRANGE BYLEX), when the tool is new here.
  local namesKey = prefix .. 'lex:tools'
  if not raw then rcall('ZADD', namesKey, 0, tool) end
  -- A tool's keys expire together, renewed as a group that its own hash says is due (lib/renewal.lua);
  -- the indexes live as long as the most recently used tool, the efficacy report at least as long, and the
  -- tool's recent sessions as long as sessions do.
  if renewalDue(toolKey, ttl) then
    renew({ toolKey, sessionsKey, toolsKey, namesKey }, ttl)
    renew({ prefix .. 'toolsessions:' .. tool }, sessionsTtl)
    for _, key in ipairs({ totalsKey, bestKey, worstKey, rankedKey }) do keepAtLeast(key, ttl) end
  end

  touchListing(prefix, 'sessions', sessionId, atMs, sessionsTtl)
  logEvent(prefix, 'tool_call.recorded', 'session', sessionId, ARGV[25], maxLen, eventsTtl)
  countMinute(prefix, atMs, 'c', 1)
  countToolCall(prefix, atMs, tool, sessionId, outcome == 'success', ARGV[31], sessionsTtl, tonumber(ARGV[32]))
  if outcome == 'success' then countMinute(prefix, atMs, 's', 1) end
  if ARGV[26] ~= '' then
    logEvent(prefix, 'fix.detected', 'session', sessionId, ARGV[26], maxLen, eventsTtl)
    countMinute(prefix, atMs, 'f', 1)
  end
  for _, event in ipairs(events) do logEvent(prefix, event[1], 'session', sessionId, event[2], maxLen, eventsTtl) end
  return answer
end
