-- Included by the scripts that learn a tool's pattern (a session's, the tenant's shared one):
-- argument memory, counts, timing and error patterns, so both learn by exactly the same rules.
-- Arguments arrive as [[key, canonical JSON of value, JSON of value as given], ...], or [key, JSON]
-- when both texts are the same.

local function isFailureOutcome(o) return o == 'failure' or o == 'timeout' end

-- The arguments as [[key, canonical, as given], ...] whichever form they were written in.
local function decodeArgs(text)
  local pairs = cjson.decode(text)
  for _, kv in ipairs(pairs) do
    if kv[3] == nil then kv[3] = kv[2] end
  end
  return pairs
end

-- Each value travels twice as JSON text: canonical (sorted keys), so that deep equality is string
-- equality, and as given, so that what is shown back keeps the agent's key order. Output is
-- assembled from that text, so cjson never re-encodes user data.
local function objectJson(pairs)
  local parts = {}
  for i, kv in ipairs(pairs) do parts[i] = cjson.encode(kv[1]) .. ':' .. kv[3] end
  return '{' .. table.concat(parts, ',') .. '}'
end

local function pushDistinct(list, value, cap)
  for _, existing in ipairs(list) do
    if existing == value then return end
  end
  list[#list + 1] = value
  if #list > cap then table.remove(list, 1) end
end

-- An argument's remembered values: as given (slot[2]) and canonical (slot[3]) for the distinctness
-- test; a value already remembered keeps its place and its first-seen text.
local function rememberValue(slot, kv, cap)
  local canonical = slot[3]
  for _, existing in ipairs(canonical) do
    if existing == kv[2] then return end
  end
  canonical[#canonical + 1] = kv[2]
  slot[2][#slot[2] + 1] = kv[3]
  if #canonical > cap then
    table.remove(canonical, 1)
    table.remove(slot[2], 1)
  end
end

-- Folds one call into pattern state p: counts, exact timing, argument values and, for a failure,
-- its error pattern (type 'unknown' when it has none). Returns that error pattern, or nil.
local function foldCall(p, args, outcome, goal, errorType, execMs, maxArgValues, maxContexts)
  p.total = p.total + 1
  if outcome == 'success' then p.success = p.success + 1 end
  if isFailureOutcome(outcome) then p.failure = p.failure + 1 end
  if execMs and execMs ~= 0 then
    p.timed = p.timed + 1
    p.timed_sum = p.timed_sum + execMs
  end

  local slots = {}
  for _, slot in ipairs(p.args) do slots[slot[1]] = slot end
  for _, kv in ipairs(args) do
    local slot = slots[kv[1]]
    if not slot then
      slot = { kv[1], {}, {} }
      slots[kv[1]] = slot
      p.args[#p.args + 1] = slot
    end
    rememberValue(slot, kv, maxArgValues)
  end

  if not isFailureOutcome(outcome) then return nil end
  local name = errorType ~= '' and errorType or 'unknown'
  for _, ep in ipairs(p.errors) do
    if ep.error_type == name then
      ep.count = ep.count + 1
      if goal ~= '' then pushDistinct(ep.contexts, goal, maxContexts) end
      return ep
    end
  end
  local created = { error_type = name, count = 1, contexts = goal ~= '' and { goal } or {}, example_args = objectJson(args) }
  p.errors[#p.errors + 1] = created
  return created
end
