-- Records one tool call of a session: id, fix link, counters, the tool's pattern and trimming,
-- atomically; with an idempotency key, at most once per key.
-- KEYS[1] meta hash      (allocated, success, failure, fixes, created_at, updated_at)
-- KEYS[2] log list       (call ids, oldest first)
-- KEYS[3] calls hash     (e:<id> entry JSON, m:<id> fix-detection facts, f:<id> id of the fixing call)
-- KEYS[4] patterns hash  (<tool> pattern state JSON)
-- KEYS[5] fixes list     (fix relation JSON, oldest first)
-- KEYS[6] the key's record string (fingerprint, id, time, fixed id, its error type, delta, one per line;
--         untouched without a fingerprint)
-- ARGV[1] entry JSON without id, fix_for, delta_args and fixed_by (an object with at least one field)
-- ARGV[2] tool name   ARGV[3] outcome
-- ARGV[4] arguments as JSON [[key, canonical JSON of value, JSON of value as given], ...] in the caller's key order
-- ARGV[5] goal ('' for none)   ARGV[6] error type ('' for none)   ARGV[7] execution ms ('' for none)
-- ARGV[8] now (ISO 8601)   ARGV[9] log entries kept   ARGV[10] fix detection window
-- ARGV[11] recent ids kept per tool   ARGV[12] success patterns kept per tool
-- ARGV[13] distinct values kept per argument   ARGV[14] goals kept per error pattern
-- ARGV[15] seconds every key of the session lives after this write (0: forever)
-- ARGV[16] the request's fingerprint ('' for a write without a key)   ARGV[17] seconds the key's record lives
-- Returns { 'applied', id, id of the fixed failure or '', delta JSON or '', error type of the fixed failure or '' },
-- { 'replayed', id, time, fixed id, delta, fixed error type } as the first write kept them, or { 'mismatch' }.
local rcall = redis.call
local metaKey, logKey, callsKey, patternsKey, fixesKey = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
local body, tool, outcome, argsJson = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local goal, errorType, execMs, now = ARGV[5], ARGV[6], tonumber(ARGV[7]), ARGV[8]
local maxLog, window, maxRecent = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11])
local maxSuccesses, maxArgValues, maxContexts = tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14])

local recordKey, fingerprint = KEYS[6], ARGV[16]

-- @include lib/write-key.lua

-- A key's record answers its retries: the same request gets the first call as recorded, another nothing.
local earlier = keptForKey(recordKey, fingerprint)
if earlier == false then return { 'mismatch' } end
if #earlier > 0 then return { 'replayed', earlier[1], earlier[2], earlier[3], earlier[5], earlier[4] } end

-- @include lib/pattern-fold.lua

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

local function argumentDelta(failed, succeeded)
  local before, after = {}, {}
  for _, kv in ipairs(failed) do before[kv[1]] = kv end
  for _, kv in ipairs(succeeded) do after[kv[1]] = kv end
  local added, removed, changed = {}, {}, {}
  for _, kv in ipairs(succeeded) do
    local old = before[kv[1]]
    if old == nil then
      added[#added + 1] = cjson.encode(kv[1]) .. ':' .. kv[3]
    elseif old[2] ~= kv[2] then
      changed[#changed + 1] = cjson.encode(kv[1]) .. ':{"from":' .. old[3] .. ',"to":' .. kv[3] .. '}'
    end
  end
  for _, kv in ipairs(failed) do
    if after[kv[1]] == nil then removed[#removed + 1] = cjson.encode(kv[1]) end
  end
  local parts = {}
  if #added > 0 then parts[#parts + 1] = '"added":{' .. table.concat(added, ',') .. '}' end
  if #removed > 0 then parts[#parts + 1] = '"removed":[' .. table.concat(removed, ',') .. ']' end
  if #changed > 0 then parts[#parts + 1] = '"changed":{' .. table.concat(changed, ',') .. '}' end
  if #parts == 0 then return nil end
  return '{' .. table.concat(parts, ',') .. '}'
end

-- 1. The id: the sequence survives trimming, so ids never repeat until the session is reset.
local seq = rcall('HINCRBY', metaKey, 'allocated', 1)
local id = string.format('call-%04d', seq)

-- 2. Fix detection: the newest unfixed failure of this tool within the window whose arguments differ.
local fixedId, delta, fixedErrorType
if outcome == 'success' then
  local recent = rcall('LRANGE', logKey, -window, -1)
  for i = #recent, 1, -1 do
    local prior = recent[i]
    local facts = rcall('HMGET', callsKey, 'm:' .. prior, 'f:' .. prior)
    if facts[1] and not facts[2] then
      local m = readFacts(facts[1])
      if m.tool == tool and isFailureOutcome(m.outcome) then
        delta = argumentDelta(m.args, args)
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
  rcall('RPUSH', fixesKey, '{"failed_call_id":"' .. fixedId .. '","success_call_id":"' .. id ..
    '","delta_args":' .. delta .. ',"detected_at":"' .. now .. '"}')
  rcall('LTRIM', fixesKey, -maxLog, -1)
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

p.recent[#p.recent + 1] = id
if #p.recent > maxRecent then table.remove(p.recent, 1) end
p.updated_at = now
rcall('HSET', patternsKey, tool, cjson.encode(p))
rcall('HSET', metaKey, 'updated_at', now)
rcall('HSETNX', metaKey, 'created_at', now)

-- Every key of the session expires together, so patterns and stats never outlive the log.
local ttl = tonumber(ARGV[15])
for i = 1, 5 do
  if ttl > 0 then rcall('EXPIRE', KEYS[i], ttl) else rcall('PERSIST', KEYS[i]) end
end
keepForKey(recordKey, fingerprint, { id, now, fixedId or '', fixedErrorType or '', delta or '' }, ARGV[17])

return { 'applied', id, fixedId or '', delta or '', fixedErrorType or '' }
