-- The body of recordToolCall as a function, so that recordAndLearnToolCall can run it too (the KEYS
-- and ARGV it takes are recordToolCall-7.lua's). Needs lib/idempotency.lua, lib/pattern-fold.lua and lib/renewal.lua.
local function recordToolCall(KEYS, ARGV)
  local metaKey, logKey, callsKey, patternsKey, fixesKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
  local body, tool, outcome, argsJson = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
  local goal, errorType, execMs, now = ARGV[5], ARGV[6], tonumber(ARGV[7]), ARGV[8]
  local maxFixes, window, maxRecent = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11])
  -- The session's own settings win over the service's (session-settings.ts); a failure the log no
  -- longer keeps cannot be fixed, so the look-back stops within the log (lookBack).
  local own = rcall('HMGET', KEYS[7], 'max_log_entries', 'fix_detection_window')
  local maxLog = tonumber(own[1]) or maxFixes
  window = math.max(0, math.min(tonumber(own[2]) or window, maxLog - 1))
  local maxSuccesses, maxArgValues, maxContexts = tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14])

  local recordKey, fingerprint = KEYS[6], ARGV[16]
  local order = ARGV[18] ~= '' and cjson.decode(ARGV[18]) or nil

  -- A key's record answers its retries: the same request gets the first call as recorded, another nothing.
  local earlier = keptForKey(recordKey, fingerprint)
  if earlier == false then return { 'mismatch' } end
  if #earlier > 0 then return { 'replayed', earlier[1], earlier[2], earlier[3], earlier[5], cjson.decode(earlier[4]), earlier[6] or '' } end

  local args = decodeArgs(argsJson)
  local isFailure = isFailureOutcome(outcome)

  -- A call's fix-detection facts: the header and arguments callFacts (log-entries.ts) and this script
  -- write, or, from before that form, one JSON object whose args are a string of their own.
  local function readFacts(raw)
    local header, argsText = string.match(raw, '^([^\n]*)\n(.*)$')
    if not header then
      local old = cjson.decode(raw)
      return { tool = old.tool, outcome = old.outcome, error_type = old.error_type, args = decodeArgs(old.args) }
    end
    local h = cjson.decode(header)
    return { tool = h.t, outcome = h.o, error_type = h.e, args = decodeArgs(argsText) }
  end

  -- A key as JavaScript's JSON.stringify writes it (cjson also escapes '/'), so canonical text agrees.
  local function jsonKey(name)
    return (string.gsub(cjson.encode(name), '\\/', '/'))
  end

  -- Two different values that are the same once every redaction marker ([REDACTED], [REDACTED:kind])
  -- is read alike: only a secret changed, which is no learnable fix (arguments.ts: differsOnlyInRedactions).
  local function onlyRedactionsDiffer(before, after)
    if not string.find(before, '[REDACTED', 1, true) or not string.find(after, '[REDACTED', 1, true) then return false end
    -- [REDACTED:kind] reads as [REDACTED]; anything else in brackets stays what it is, as in arguments.ts.
    local marker = '%[REDACTED:[%l_]+%]'
    return string.gsub(before, marker, '[REDACTED]') == string.gsub(after, marker, '[REDACTED]')
  end

  -- What changed from the failed call's arguments to this one's: as given (keys in the caller's
  -- order, for display) and, when `order` names the keys in canonical order, canonical too, with
  -- what adoption of the fix compares (efficacy.ts: adoptionText): each added or changed key with
  -- its new value's canonical JSON, and the removed keys.
  local function argumentDelta(failed, succeeded, order)
    local before, after = {}, {}
    for _, kv in ipairs(failed) do before[kv[1]] = kv end
    for _, kv in ipairs(succeeded) do after[kv[1]] = kv end
    local added, removed, changed = {}, {}, {}
    for _, kv in ipairs(succeeded) do
      local old = before[kv[1]]
      if old == nil then
        added[#added + 1] = cjson.encode(kv[1]) .. ':' .. kv[3]
      elseif old[2] ~= kv[2] and not onlyRedactionsDiffer(old[2], kv[2]) then
        changed[#changed + 1] = cjson.encode(kv[1]) .. ':{"from":' .. old[3] .. ',"to":' .. kv[3] .. '}'
      end
    end
    local removedNames = {}
    for _, kv in ipairs(failed) do
      if after[kv[1]] == nil then
        removed[#removed + 1] = cjson.encode(kv[1])
        removedNames[#removedNames + 1] = jsonKey(kv[1])
      end
    end
    local parts = {}
    if #added > 0 then parts[#parts + 1] = '"added":{' .. table.concat(added, ',') .. '}' end
    if #removed > 0 then parts[#parts + 1] = '"removed":[' .. table.concat(removed, ',') .. ']' end
    if #changed > 0 then parts[#parts + 1] = '"changed":{' .. table.concat(changed, ',') .. '}' end
    if #parts == 0 then return nil end
    local asGiven = '{' .. table.concat(parts, ',') .. '}'
    if not order then return asGiven end
    -- Canonical: keys sorted at every level (added < changed < removed; from < to), values canonical.
    local cAdded, cChanged = {}, {}
    for _, name in ipairs(order) do
      local kv, old = after[name], before[name]
      if kv and old == nil then
        cAdded[#cAdded + 1] = jsonKey(name) .. ':' .. kv[2]
      elseif kv and old[2] ~= kv[2] and not onlyRedactionsDiffer(old[2], kv[2]) then
        cChanged[#cChanged + 1] = jsonKey(name) .. ':{"from":' .. old[2] .. ',"to":' .. kv[2] .. '}'
      end
    end
    local cParts = {}
    if #cAdded > 0 then cParts[#cParts + 1] = '"added":{' .. table.concat(cAdded, ',') .. '}' end
    if #cChanged > 0 then cParts[#cParts + 1] = '"changed":{' .. table.concat(cChanged, ',') .. '}' end
    if #removedNames > 0 then cParts[#cParts + 1] = '"removed":[' .. table.concat(removedNames, ',') .. ']' end
    local wanted = {}
    for _, kv in ipairs(succeeded) do
      local old = before[kv[1]]
      if old == nil or (old[2] ~= kv[2] and not onlyRedactionsDiffer(old[2], kv[2])) then
        wanted[#wanted + 1] = '[' .. cjson.encode(kv[1]) .. ',' .. cjson.encode(kv[2]) .. ']'
      end
    end
    return asGiven, '{' .. table.concat(cParts, ',') .. '}', '{"w":[' .. table.concat(wanted, ',') .. '],"r":[' .. table.concat(removed, ',') .. ']}'
  end

  -- 1. The id: the sequence survives trimming, so ids never repeat until the session is reset.
  local seq = rcall('HINCRBY', metaKey, 'allocated', 1)
  local id = string.format('call-%04d', seq)

  -- 2. Fix detection: the newest unfixed failure of this tool within the window whose arguments differ.
  local fixedId, delta, fixedErrorType, canonicalDelta, adoption
  if outcome == 'success' and window > 0 then
    local recent = rcall('LRANGE', logKey, -window, -1)
    for i = #recent, 1, -1 do
      local prior = recent[i]
      local facts = rcall('HMGET', callsKey, 'm:' .. prior, 'f:' .. prior)
      if facts[1] and not facts[2] then
        local m = readFacts(facts[1])
        if m.tool == tool and isFailureOutcome(m.outcome) then
          delta, canonicalDelta, adoption = argumentDelta(m.args, args, order)
          if delta then
            fixedId, fixedErrorType = prior, m.error_type
            break
          end
        end
      end
    end
  end

  -- 3. The entry itself, and the link on the failure it fixed.
  local fixFor = fixedId and ('"' .. fixedId .. '"') or 'null'
  local entry = '{"id":"' .. id .. '",' .. string.sub(body, 2, -2) ..
    ',"fix_for":' .. fixFor .. ',"delta_args":' .. (delta or 'null') .. '}'
  -- Kept small (a call is stored once per session): a JSON header, a newline, the arguments as sent.
  local facts = cjson.encode({ o = outcome, e = errorType, t = tool }) .. '\n' .. argsJson
  rcall('HSET', callsKey, 'e:' .. id, entry, 'm:' .. id, facts)
  if fixedId then
    rcall('HSET', callsKey, 'f:' .. fixedId, id)
    local fixesKept = rcall('RPUSH', fixesKey, '{"failed_call_id":"' .. fixedId .. '","success_call_id":"' .. id ..
      '","delta_args":' .. delta .. ',"detected_at":"' .. now .. '"}')
    -- The session's first fix makes the list: it gets its expiry now (lib/renewal.lua).
    local ttl = tonumber(ARGV[15])
    if fixesKept == 1 and ttl > 0 then rcall('EXPIRE', fixesKey, ttl) end
    rcall('LTRIM', fixesKey, -maxFixes, -1)
    rcall('HINCRBY', metaKey, 'fixes', 1)
  end

  -- 4. The log and its counters; what is trimmed is uncounted so stats describe the kept log.
  if outcome == 'success' then rcall('HINCRBY', metaKey, 'success', 1) end
  if isFailure then rcall('HINCRBY', metaKey, 'failure', 1) end
  local kept = rcall('RPUSH', logKey, id)
  if kept > maxLog then
    for _, old in ipairs(rcall('LPOP', logKey, kept - maxLog)) do
      local oldFacts = rcall('HGET', callsKey, 'm:' .. old)
      if oldFacts then
        local oldOutcome = readFacts(oldFacts).outcome
        if oldOutcome == 'success' then rcall('HINCRBY', metaKey, 'success', -1) end
        if isFailureOutcome(oldOutcome) then rcall('HINCRBY', metaKey, 'failure', -1) end
      end
      rcall('HDEL', callsKey, 'e:' .. old, 'm:' .. old, 'f:' .. old)
    end
  end

  -- 5. The tool's pattern: counts survive trimming of the log.
  local rawPattern = rcall('HGET', patternsKey, tool)
  local p
  if rawPattern then
    p = cjson.decode(rawPattern)
  else
    p = { since = seq, total = 0, success = 0, failure = 0, timed = 0, timed_sum = 0,
          args = {}, errors = {}, successes = {}, recent = {} }
  end
  foldCall(p, args, outcome, goal, errorType, execMs, maxArgValues, maxContexts)

  if fixedId then
    -- A failure without an error type was filed under 'unknown' (foldCall), so its fix is learned there.
    local fixedName = fixedErrorType ~= '' and fixedErrorType or 'unknown'
    for _, ep in ipairs(p.errors) do
      if ep.error_type == fixedName then ep.fix_delta = delta break end
    end
    p.successes[#p.successes + 1] = { goal_match = goal ~= '' and goal or nil,
      arg_hints = objectJson(args), example_call_id = id, delta_that_fixed = delta }
    if #p.successes > maxSuccesses then table.remove(p.successes, 1) end
  end

  -- The call of this tool before this one: only the offer made to that call is decided by this one.
  local previousId = p.recent[#p.recent] or ''
  p.recent[#p.recent + 1] = id
  if #p.recent > maxRecent then table.remove(p.recent, 1) end
  p.updated_at = now
  rcall('HSET', patternsKey, tool, cjson.encode(p))
  rcall('HSET', metaKey, 'updated_at', now)
  rcall('HSETNX', metaKey, 'created_at', now)

  -- Every key of the session expires together, so patterns and stats never outlive the log; the meta
  -- hash, which every call writes, says when the group is due for renewal (lib/renewal.lua).
  local ttl = tonumber(ARGV[15])
  if renewalDue(metaKey, ttl) then renew({ KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[7] }, ttl) end
  -- An error type is free text, so it is kept as JSON: a record's fields hold no newline.
  keepForKey(recordKey, fingerprint, { id, now, fixedId or '', cjson.encode(fixedErrorType or ''), delta or '', previousId }, ARGV[17])

  return { 'applied', id, fixedId or '', delta or '', fixedErrorType or '', canonicalDelta or '', previousId, adoption or '' }
end
