-- The body of learnToolCall as a function, so that recordAndLearnToolCall can run it too (the KEYS
-- and ARGV it takes are learnToolCall-4.lua's). Needs lib/pattern-fold.lua and lib/activity.lua.
local function learnToolCall(KEYS, ARGV)
  local toolKey, sessionsKey, toolsKey, appliedKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
  local tool, sessionId, callId, outcome, argsJson = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
  local goal, errorType, execMs, now = ARGV[6], ARGV[7], tonumber(ARGV[8]), ARGV[9]
  local fixedErrorType, fixedId, deltaJson, deltaCanonical = ARGV[10], ARGV[11], ARGV[12], ARGV[13]
  local maxArgValues, maxContexts, maxSuccesses, maxFixes = tonumber(ARGV[14]), tonumber(ARGV[15]), tonumber(ARGV[16]), tonumber(ARGV[17])
  local markerTtl, ttl, maxEvents = tonumber(ARGV[18]), tonumber(ARGV[19]), tonumber(ARGV[20])

  -- The fix to offer: most applied, then most recently applied, then the later kept.
  local function typicalFix(fixes)
    local best
    for _, fix in ipairs(fixes) do
      if not best or fix.times > best.times or (fix.times == best.times and fix.last >= best.last) then best = fix end
    end
    return best
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
      else
        if #ep.fixes >= maxFixes then table.remove(ep.fixes, leastUsedFixIndex(ep.fixes)) end
        ep.fixes[#ep.fixes + 1] = { delta = deltaJson, canonical = deltaCanonical, times = 1, last = now }
      end
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
    p = { total = 0, success = 0, failure = 0, timed = 0, timed_sum = 0, fixes_learned = 0,
          args = {}, errors = {}, successes = {} }
  end

  -- A retried write (same idempotency key) was folded in already: answer, change nothing.
  local fresh = markerTtl == 0 or rcall('SET', appliedKey, '1', 'NX', 'EX', markerTtl)
  if fresh then
    foldCall(p, decodeArgs(argsJson), outcome, goal, errorType, execMs, maxArgValues, maxContexts)
    if deltaJson ~= '' then learnFix(p) end
    p.updated_at = now
    p.last_used_at = now
    rcall('HSET', toolKey, 'state', cjson.encode(p), 'calls', p.total, 'successes', p.success,
      'fixes', p.fixes_learned, 'last_used_at', now)
    rcall('PFADD', sessionsKey, sessionId)
    rcall('ZADD', toolsKey, -p.total, tool)
    -- A tool's keys expire together; the index lives as long as the most recently used tool.
    for _, key in ipairs({ toolKey, sessionsKey, toolsKey }) do
      if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
    end

    local prefix, atMs, maxLen, eventsTtl = ARGV[21], tonumber(ARGV[22]), tonumber(ARGV[23]), tonumber(ARGV[24])
    touchListing(prefix, 'sessions', sessionId, atMs, tonumber(ARGV[27]))
    logEvent(prefix, 'tool_call.recorded', 'session', sessionId, ARGV[25], maxLen, eventsTtl)
    countMinute(prefix, atMs, 'c', 1)
    if outcome == 'success' then countMinute(prefix, atMs, 's', 1) end
    if ARGV[26] ~= '' then
      logEvent(prefix, 'fix.detected', 'session', sessionId, ARGV[26], maxLen, eventsTtl)
      countMinute(prefix, atMs, 'f', 1)
    end
  end

  if isFailureOutcome(outcome) then
    local filedAs = errorType ~= '' and errorType or 'unknown'
    for _, ep in ipairs(p.errors) do
      if ep.error_type == filedAs then
        local fix = typicalFix(ep.fixes or {})
        if fix then return { fix.delta, fix.times } end
        break
      end
    end
  end
  return {}
end
