-- Records one tool call of a session: its id, the fix it makes, the log and its counters, and the tool's
-- pattern a field at a time (lib/tool-fields.lua). A function, so that recordAndLearnToolCall runs it too.
-- Needs lib/idempotency.lua, lib/call-arguments.lua, lib/renewal.lua and lib/tool-fields.lua.
--
-- k, the session's keys by name (keys.ts: session): meta, log, calls, fixes, record, settings, tools (tool →
-- the number of its latest call), and the called tool's pattern, args, args_seen, errors, errors_seen, recent;
-- legacy_patterns, the hash where the layout before this one kept each tool's whole pattern as one JSON
-- document (read once, then moved); root, what every key of the session starts with (keys.ts: session.root),
-- for the keys of the other tools, which the script renews and forgets.
-- input, the call by name: entry (JSON text, without id and fix links), tool, outcome, arguments (JSON
-- [[key, canonical JSON, JSON as given], ...] in the caller's order), goal, error_type, execution_ms ('' for
-- none), at (ISO 8601), max_log, window, max_recent, max_successes, max_values, max_contexts, max_names,
-- max_errors, max_tools, ttl, fingerprint, record_ttl, canonical_order (JSON list of the names in canonical
-- order, or '').
-- Answers { outcome = 'applied' | 'replayed' | 'mismatch', id, at, fixed_id, delta, fixed_error_type,
-- canonical_delta, previous_id, adoption, applicability } ('' where there is none).

-- The keys of one tool's pattern, named from the session's key root as keys.ts names them (session.tool).
local function toolKeys(root, tool)
  return { root .. 'pattern:' .. tool, root .. 'args:' .. tool, root .. 'args-seen:' .. tool, root .. 'errors:' .. tool,
    root .. 'errors-seen:' .. tool, root .. 'recent:' .. tool }
end

-- The layout before: a tool's pattern as one JSON document in the session's patterns hash. Moved into
-- the tool's fields the first time the tool is called again; answers the counts it held.
local function movePattern(k, tool, ttl)
  local raw = rcall('HGET', k.legacy_patterns, tool)
  if not raw then return nil end
  local p = cjson.decode(raw)
  -- Its total counts the call being recorded too.
  local writes = { 'total', p.total + 1, 'success', p.success, 'failure', p.failure, 'timed', p.timed, 'timed_sum', p.timed_sum,
    'updated_at', p.updated_at or '', 'born', bornNow(), 'since', p.since }
  local successes = {}
  for _, sp in ipairs(p.successes or {}) do successes[#successes + 1] = sp end
  if #successes > 0 then
    writes[#writes + 1] = 'successes'
    writes[#writes + 1] = cjson.encode(successes)
  end
  rcall('HSET', k.pattern, unpack(writes))
  moveFields(k, p.args, p.errors, function(ep) return { fix_delta = ep.fix_delta } end)
  if #(p.recent or {}) > 0 then rcall('RPUSH', k.recent, unpack(p.recent)) end
  rcall('HDEL', k.legacy_patterns, tool)
  renew({ k.pattern, k.args, k.args_seen, k.errors, k.errors_seen, k.recent }, ttl)
  return p
end

local function recordToolCall(k, input)
  local tool, outcome, now = input.tool, input.outcome, input.at
  local goal, errorType, execMs = input.goal, input.error_type, tonumber(input.execution_ms)
  local ttl = input.ttl
  -- The session's own settings win over the service's (session-settings.ts); a failure the log no
  -- longer keeps cannot be fixed, so the look-back stops within the log (lookBack).
  local own = rcall('HMGET', k.settings, 'max_log_entries', 'fix_detection_window')
  local maxLog = tonumber(own[1]) or input.max_log
  local window = math.max(0, math.min(tonumber(own[2]) or input.window, maxLog - 1))
  local order = input.canonical_order ~= '' and cjson.decode(input.canonical_order) or nil

  -- A key's record answers its retries: the same request gets the first call as recorded, another nothing.
  local earlier = keptForKey(k.record, input.fingerprint)
  if earlier == false then return { outcome = 'mismatch' } end
  if #earlier > 0 then
    return { outcome = 'replayed', id = earlier[1], at = earlier[2], fixed_id = earlier[3], fixed_error_type = cjson.decode(earlier[4]),
      delta = earlier[5], previous_id = earlier[6] or '', canonical_delta = '', adoption = '', applicability = '' }
  end

  local args = decodeArgs(input.arguments)
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
    -- Written with one-letter names (t, o, e) before the names were words.
    return { tool = h.tool or h.t, outcome = h.outcome or h.o, error_type = h.error_type or h.e, args = decodeArgs(argsText) }
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
  -- its new value's canonical JSON, and the removed keys; and where the fix applies
  -- (applicability.ts: applicabilityText): the values it changed from, the keys it adds and removes.
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
    local wanted, equal, absent = {}, {}, {}
    for _, kv in ipairs(succeeded) do
      local old = before[kv[1]]
      if old == nil or (old[2] ~= kv[2] and not onlyRedactionsDiffer(old[2], kv[2])) then
        wanted[#wanted + 1] = '[' .. cjson.encode(kv[1]) .. ',' .. cjson.encode(kv[2]) .. ']'
        if old == nil then
          absent[#absent + 1] = cjson.encode(kv[1])
        else
          equal[#equal + 1] = '[' .. cjson.encode(kv[1]) .. ',' .. cjson.encode(old[2]) .. ']'
        end
      end
    end
    local removedList = '[' .. table.concat(removed, ',') .. ']'
    return asGiven, '{' .. table.concat(cParts, ',') .. '}', '{"wanted":[' .. table.concat(wanted, ',') .. '],"removed":' .. removedList .. '}',
      '{"equal":[' .. table.concat(equal, ',') .. '],"absent":[' .. table.concat(absent, ',') .. '],"present":' .. removedList .. '}'
  end

  -- 1. The id: the sequence survives trimming, so ids never repeat until the session is reset.
  local seq = rcall('HINCRBY', k.meta, 'allocated', 1)
  local id = string.format('call-%04d', seq)

  -- 2. Fix detection: the newest unfixed failure of this tool within the window whose arguments differ.
  local fixedId, delta, fixedErrorType, canonicalDelta, adoption, applicability
  if outcome == 'success' and window > 0 then
    local recent = rcall('LRANGE', k.log, -window, -1)
    for i = #recent, 1, -1 do
      local prior = recent[i]
      local facts = rcall('HMGET', k.calls, 'm:' .. prior, 'f:' .. prior)
      if facts[1] and not facts[2] then
        local m = readFacts(facts[1])
        if m.tool == tool and isFailureOutcome(m.outcome) then
          delta, canonicalDelta, adoption, applicability = argumentDelta(m.args, args, order)
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
  local entry = '{"id":"' .. id .. '",' .. string.sub(input.entry, 2, -2) ..
    ',"fix_for":' .. fixFor .. ',"delta_args":' .. (delta or 'null') .. '}'
  -- Kept small (a call is stored once per session): a JSON header, a newline, the arguments as sent.
  local facts = cjson.encode({ outcome = outcome, error_type = errorType, tool = tool }) .. '\n' .. input.arguments
  rcall('HSET', k.calls, 'e:' .. id, entry, 'm:' .. id, facts)
  if fixedId then
    rcall('HSET', k.calls, 'f:' .. fixedId, id)
    local fixesKept = rcall('RPUSH', k.fixes, '{"failed_call_id":"' .. fixedId .. '","success_call_id":"' .. id ..
      '","delta_args":' .. delta .. ',"detected_at":"' .. now .. '"}')
    -- The session's first fix makes the list: it gets its expiry now (lib/renewal.lua).
    if fixesKept == 1 and ttl > 0 then rcall('EXPIRE', k.fixes, ttl) end
    rcall('LTRIM', k.fixes, -input.max_log, -1)
    rcall('HINCRBY', k.meta, 'fixes', 1)
  end

  -- 4. The log and its counters; what is trimmed is uncounted so stats describe the kept log.
  if outcome == 'success' then rcall('HINCRBY', k.meta, 'success', 1) end
  if isFailure then rcall('HINCRBY', k.meta, 'failure', 1) end
  local kept = rcall('RPUSH', k.log, id)
  if kept > maxLog then
    for _, old in ipairs(rcall('LPOP', k.log, kept - maxLog)) do
      local oldFacts = rcall('HGET', k.calls, 'm:' .. old)
      if oldFacts then
        local oldOutcome = readFacts(oldFacts).outcome
        if oldOutcome == 'success' then rcall('HINCRBY', k.meta, 'success', -1) end
        if isFailureOutcome(oldOutcome) then rcall('HINCRBY', k.meta, 'failure', -1) end
      end
      rcall('HDEL', k.calls, 'e:' .. old, 'm:' .. old, 'f:' .. old)
    end
  end

  -- 5. The tool's pattern, a field at a time: counts survive trimming of the log. The tool's call number
  -- (its total) says when each argument name and error type was last seen (lib/tool-fields.lua).
  local total = rcall('HINCRBY', k.pattern, 'total', 1)
  if total == 1 then
    local moved = movePattern(k, tool, ttl)
    if moved then
      total = moved.total + 1
    else
      rcall('HSET', k.pattern, 'born', bornNow(), 'since', seq)
      -- A tool's keys are made with its first call: they get their expiry now (lib/renewal.lua).
      if ttl > 0 then rcall('EXPIRE', k.pattern, ttl) end
    end
  end
  -- The session's tools by their latest call: past the cap, the one called least recently is forgotten
  -- (its calls stay in the log) and counted, so a session's keys, and renewing them, stay bounded.
  if rcall('ZADD', k.tools, seq, tool) == 1 and rcall('ZCARD', k.tools) > input.max_tools then
    local gone = rcall('ZPOPMIN', k.tools)[1]
    local keys = toolKeys(k.root, gone)
    rcall('DEL', unpack(keys))
    rcall('HDEL', k.legacy_patterns, gone)
    rcall('HINCRBY', k.meta, 'dropped_tools', 1)
  end
  if outcome == 'success' then rcall('HINCRBY', k.pattern, 'success', 1) end
  if isFailure then rcall('HINCRBY', k.pattern, 'failure', 1) end
  if execMs and execMs ~= 0 then
    rcall('HINCRBY', k.pattern, 'timed', 1)
    rcall('HINCRBY', k.pattern, 'timed_sum', execMs)
  end
  local droppedArgs = keepArguments(k.args, k.args_seen, args, total, input.max_names, input.max_values, ttl)
  local droppedErrors = 0
  if isFailure then
    local name = errorType ~= '' and errorType or 'unknown'
    local ep
    ep, droppedErrors = seeError(k.errors, k.errors_seen, name, total, input.max_errors, ttl)
    ep = ep or { first = total, count = 0, contexts = {}, example_args = objectJson(args) }
    ep.count = ep.count + 1
    rememberContext(ep, goal, input.max_contexts)
    saveError(k.errors, name, ep, ttl)
  end
  if droppedArgs > 0 then rcall('HINCRBY', k.pattern, 'dropped_argument_names', droppedArgs) end
  if droppedErrors > 0 then rcall('HINCRBY', k.pattern, 'dropped_error_types', droppedErrors) end

  if fixedId then
    -- A failure without an error type was filed under 'unknown', so its fix is learned there; an error
    -- type forgotten by the cap learns nothing (its pattern is gone).
    local fixedName = fixedErrorType ~= '' and fixedErrorType or 'unknown'
    local raw = rcall('HGET', k.errors, fixedName)
    if raw then
      local ep = cjson.decode(raw)
      ep.fix_delta = delta
      saveError(k.errors, fixedName, ep, ttl)
    end
    local rawSuccesses = rcall('HGET', k.pattern, 'successes')
    local successes = rawSuccesses and cjson.decode(rawSuccesses) or {}
    if successes[1] == nil then successes = {} end
    successes[#successes + 1] = { goal_match = goal ~= '' and goal or nil, arg_hints = objectJson(args), example_call_id = id, delta_that_fixed = delta }
    if #successes > input.max_successes then table.remove(successes, 1) end
    rcall('HSET', k.pattern, 'successes', cjson.encode(successes))
  end

  -- The call of this tool before this one: only the offer made to that call is decided by this one.
  local previousId = rcall('LINDEX', k.recent, -1) or ''
  if rcall('RPUSH', k.recent, id) > input.max_recent then rcall('LTRIM', k.recent, -input.max_recent, -1) end
  if total == 1 and ttl > 0 then rcall('EXPIRE', k.recent, ttl) end
  rcall('HSET', k.pattern, 'updated_at', now)
  rcall('HSET', k.meta, 'updated_at', now)
  rcall('HSETNX', k.meta, 'created_at', now)

  -- Every key of the session expires together, so patterns and stats never outlive the log; the meta
  -- hash, which every call writes, says when the group is due for renewal (lib/renewal.lua), and then
  -- every tool's keys are renewed with it.
  if renewalDue(k.meta, ttl) then
    renew({ k.meta, k.log, k.calls, k.fixes, k.settings, k.tools, k.legacy_patterns }, ttl)
    for _, name in ipairs(rcall('ZRANGE', k.tools, 0, -1)) do renew(toolKeys(k.root, name), ttl) end
  end
  -- An error type is free text, so it is kept as JSON: a record's fields hold no newline.
  keepForKey(k.record, input.fingerprint, { id, now, fixedId or '', cjson.encode(fixedErrorType or ''), delta or '', previousId }, input.record_ttl)

  return { outcome = 'applied', id = id, at = now, fixed_id = fixedId or '', delta = delta or '', fixed_error_type = fixedErrorType or '',
    canonical_delta = canonicalDelta or '', previous_id = previousId, adoption = adoption or '', applicability = applicability or '' }
end
