-- Records one tool call of a session: its id, the fix TypeScript found for it (pattern-update.ts: findFixTarget, on the
-- session as lib/session-window.lua read it), the log and its counters, and the tool's pattern's fields as TypeScript
-- decided them (session-pattern-fields.ts). No rule here: which failure a success fixes, what changed, and what the
-- pattern keeps come decided; a call is applied only while the session and the tool's pattern read as they did when
-- the call was decided. A function, so that recordAndLearnToolCall runs it too. Needs lib/idempotency.lua,
-- lib/call-arguments.lua, lib/renewal.lua, lib/seen-at.lua and lib/session-window.lua.
--
-- k, the session's keys by name (keys.ts: session): meta, log, calls, fixes, record, settings, tools (tool →
-- the number of its latest call), and the called tool's pattern, args, args_seen, errors, errors_seen, recent;
-- root, what every key of the session starts with (keys.ts: session.root),
-- for the keys of the other tools, which the script renews and forgets.
-- input, the call by name: entry (JSON text, without id and fix links), tool, outcome, arguments (JSON
-- [[key, canonical JSON, JSON as given], ...] in the caller's order, kept as the call's facts), goal, error_type,
-- execution_ms ('' for none), at (ISO 8601), max_log, max_recent, max_tools, ttl, fingerprint, record_ttl, token
-- (random: what the session's guard reads after this write), expect (lib/session-window.lua: sessionGuard, as the call
-- was decided on), span (the window a refusal answers), pattern (session-pattern-fields.ts: PatternWrite, with the
-- pattern's version the decision read), and fix, when the call fixes a failure: { id, error_type, delta (JSON text) }.
-- Answers { outcome = 'applied' | 'replayed' | 'mismatch', id, at, fixed_id, delta, fixed_error_type, previous_id }
-- ('' where there is none), or lib/session-window.lua's callRefusal (nothing written).

-- The keys of one tool's pattern, named from the session's key root as keys.ts names them (session.tool).
local function toolKeys(root, tool)
  return { root .. 'pattern:' .. tool, root .. 'args:' .. tool, root .. 'args-seen:' .. tool, root .. 'errors:' .. tool,
    root .. 'errors-seen:' .. tool, root .. 'recent:' .. tool }
end

-- A call's outcome, from its stored facts (log-entries.ts: callFacts): a JSON header, a newline, the arguments.
local function outcomeOf(facts)
  return cjson.decode(string.match(facts, '^[^\n]*')).outcome
end

-- The log's newest call, and past the session's size its oldest ones go, each uncounted so that stats describe the kept log.
local function appendToLog(k, id, outcome, maxLog)
  if outcome == 'success' then rcall('HINCRBY', k.meta, 'success', 1) end
  if isFailureOutcome(outcome) then rcall('HINCRBY', k.meta, 'failure', 1) end
  local kept = rcall('RPUSH', k.log, id)
  if kept <= maxLog then return end
  for _, old in ipairs(rcall('LPOP', k.log, kept - maxLog)) do
    local oldFacts = rcall('HGET', k.calls, 'm:' .. old)
    if oldFacts then
      local oldOutcome = outcomeOf(oldFacts)
      if oldOutcome == 'success' then rcall('HINCRBY', k.meta, 'success', -1) end
      if isFailureOutcome(oldOutcome) then rcall('HINCRBY', k.meta, 'failure', -1) end
    end
    rcall('HDEL', k.calls, 'e:' .. old, 'm:' .. old, 'f:' .. old)
  end
end

-- The fix as decided: the failure linked to this call, and the relation kept (what the tool's pattern learns of it
-- comes decided with the rest of the pattern's fields).
local function keepFix(k, input, id)
  local fix = input.fix
  rcall('HSET', k.calls, 'f:' .. fix.id, id)
  local fixesKept = rcall('RPUSH', k.fixes, '{"failed_call_id":"' .. fix.id .. '","success_call_id":"' .. id ..
    '","delta_args":' .. fix.delta .. ',"detected_at":"' .. input.at .. '"}')
  -- The session's first fix makes the list: it gets its expiry now (lib/renewal.lua).
  if fixesKept == 1 and input.ttl > 0 then rcall('EXPIRE', k.fixes, input.ttl) end
  rcall('LTRIM', k.fixes, -input.max_log, -1)
  rcall('HINCRBY', k.meta, 'fixes', 1)
end

-- A pattern's fields as decided: `written` (name, JSON, ...) set, `names` marked seen at `callNumber`, `forgotten` gone
-- from both keys. A name new to the tool may have made both keys: they get the retention `ttl` then, unless they have
-- an expiry already (lib/renewal.lua renews them with the rest). Answers how many names it forgot.
local function writeFields(hash, seenKey, written, names, forgotten, callNumber, ttl)
  if #written > 0 then rcall('HSET', hash, unpack(written)) end
  if #names == 0 then return 0 end
  if markSeen(seenKey, names, callNumber) > 0 and ttl > 0 then
    rcall('EXPIRE', hash, ttl, 'NX')
    rcall('EXPIRE', seenKey, ttl, 'NX')
  end
  if #forgotten == 0 then return 0 end
  rcall('HDEL', hash, unpack(forgotten))
  rcall('ZREM', seenKey, unpack(forgotten))
  return #forgotten
end

-- The tool's counts, and its pattern's fields as TypeScript decided them (session-pattern-fields.ts), the call's number
-- (its total) saying when each argument name and error type was last seen. Answers that total.
local function countInPattern(k, input, seq)
  local write = input.pattern
  local total = rcall('HINCRBY', k.pattern, 'total', 1)
  if total == 1 then
    rcall('HSET', k.pattern, 'born', write.born, 'since', seq)
    -- A tool's keys are made with its first call: they get their expiry now (lib/renewal.lua).
    if input.ttl > 0 then rcall('EXPIRE', k.pattern, input.ttl) end
  end
  -- The session's tools by their latest call: past the cap, the one called least recently is forgotten (its calls
  -- stay in the log) and counted, so a session's keys, and renewing them, stay bounded.
  if rcall('ZADD', k.tools, seq, input.tool) == 1 and rcall('ZCARD', k.tools) > input.max_tools then
    local gone = rcall('ZPOPMIN', k.tools)[1]
    rcall('DEL', unpack(toolKeys(k.root, gone)))
    rcall('HINCRBY', k.meta, 'dropped_tools', 1)
  end
  local execMs = tonumber(input.execution_ms)
  if input.outcome == 'success' then rcall('HINCRBY', k.pattern, 'success', 1) end
  if isFailureOutcome(input.outcome) then rcall('HINCRBY', k.pattern, 'failure', 1) end
  if execMs and execMs ~= 0 then
    rcall('HINCRBY', k.pattern, 'timed', 1)
    rcall('HINCRBY', k.pattern, 'timed_sum', execMs)
  end
  local droppedArgs = writeFields(k.args, k.args_seen, write.args, write.args_seen, write.args_forgotten, total, input.ttl)
  if droppedArgs > 0 then rcall('HINCRBY', k.pattern, 'dropped_argument_names', droppedArgs) end
  local droppedErrors = writeFields(k.errors, k.errors_seen, write.errors, write.errors_seen, write.errors_forgotten, total, input.ttl)
  if droppedErrors > 0 then rcall('HINCRBY', k.pattern, 'dropped_error_types', droppedErrors) end
  if write.successes ~= '' then rcall('HSET', k.pattern, 'successes', write.successes) end
  return total
end

-- Every key of the session expires together, so patterns and stats never outlive the log; the meta hash, which every
-- call writes, says when the group is due for renewal (lib/renewal.lua), and then every tool's keys are renewed with it.
local function renewSession(k, ttl)
  if not renewalDue(k.meta, ttl) then return end
  renew({ k.meta, k.log, k.calls, k.fixes, k.settings, k.tools }, ttl)
  for _, name in ipairs(rcall('ZRANGE', k.tools, 0, -1)) do renew(toolKeys(k.root, name), ttl) end
end

local function recordToolCall(k, input)
  -- A key's record answers its retries: the same request gets the first call as recorded, another nothing.
  local earlier = keptForKey(k.record, input.fingerprint)
  if earlier == false then return { outcome = 'mismatch' } end
  if #earlier > 0 then
    return { outcome = 'replayed', id = earlier[1], at = earlier[2], fixed_id = earlier[3], fixed_error_type = cjson.decode(earlier[4]),
      delta = earlier[5], previous_id = earlier[6] or '' }
  end
  local refusal = callRefusal(k, input.expect, input.pattern.expect, input.span)
  if refusal then return refusal end
  local fix = input.fix
  -- The id: the sequence survives trimming, so ids never repeat until the session is reset.
  local seq = rcall('HINCRBY', k.meta, 'allocated', 1)
  local id = string.format('call-%04d', seq)
  local entry = '{"id":"' .. id .. '",' .. string.sub(input.entry, 2, -2) ..
    ',"fix_for":' .. (fix and ('"' .. fix.id .. '"') or 'null') .. ',"delta_args":' .. (fix and fix.delta or 'null') .. '}'
  -- Kept small (a call is stored once per session): a JSON header, a newline, the arguments as sent.
  local facts = cjson.encode({ outcome = input.outcome, error_type = input.error_type, tool = input.tool }) .. '\n' .. input.arguments
  rcall('HSET', k.calls, 'e:' .. id, entry, 'm:' .. id, facts)
  local maxLog = tonumber(rcall('HGET', k.settings, 'max_log_entries')) or input.max_log
  appendToLog(k, id, input.outcome, maxLog)
  local total = countInPattern(k, input, seq)
  if fix then keepFix(k, input, id) end
  -- The call of this tool before this one: only the offer made to that call is decided by this one.
  local previousId = rcall('LINDEX', k.recent, -1) or ''
  if rcall('RPUSH', k.recent, id) > input.max_recent then rcall('LTRIM', k.recent, -input.max_recent, -1) end
  if total == 1 and input.ttl > 0 then rcall('EXPIRE', k.recent, input.ttl) end
  rcall('HSET', k.pattern, 'updated_at', input.at)
  rcall('HSET', k.meta, 'updated_at', input.at, 'token', input.token)
  rcall('HSETNX', k.meta, 'created_at', input.at)
  renewSession(k, input.ttl)
  local fixedId, fixedType, delta = fix and fix.id or '', fix and fix.error_type or '', fix and fix.delta or ''
  -- An error type is free text, so it is kept as JSON: a record's fields hold no newline.
  keepForKey(k.record, input.fingerprint, { id, input.at, fixedId, cjson.encode(fixedType), delta, previousId }, input.record_ttl)
  return { outcome = 'applied', id = id, at = input.at, fixed_id = fixedId, delta = delta, fixed_error_type = fixedType, previous_id = previousId }
end
