-- A tool's argument values and error patterns, a hash field each, with when each was last seen (the tool's
-- call number) in a sorted set beside: a call reads and writes only the fields it touches, and past the caps
-- the least recently seen go, ties by name as ZPOPMIN takes them (domain/tools/pattern-update.ts: seeAndForget).
-- The tenant's knowledge of a tool (a session's pattern is decided in TypeScript: session-pattern-fields.ts). Needs
-- lib/call-arguments.lua and lib/seen-at.lua.
--
-- An argument's field: {"first": the call number it was first seen at, "place": its place among that call's
-- arguments, "values": [JSON as given], "canonical": [canonical JSON]}, the values as JSON text so that cjson
-- never re-encodes what an agent sent; first and place order the names as they were first seen.
-- An error type's field: {"first": call number, "count", "contexts", "example_args"}; the tenant's fixes are kept
-- apart (lib/learn-tool-call.lua).

-- Marks `names` seen at `callNumber` in `seenKey` and, past `max`, forgets the least recently seen from
-- `fieldsKey` (and hands them to `onForget`, when given: what else goes with them); answers how many it forgot. A name new to the tool may have made both
-- keys: they get the retention `ttl` then, unless they have an expiry (lib/renewal.lua renews them with the rest).
local function seeAndForget(fieldsKey, seenKey, names, callNumber, max, ttl, onForget)
  if #names == 0 or markSeen(seenKey, names, callNumber) == 0 then return 0 end
  if ttl > 0 then
    rcall('EXPIRE', fieldsKey, ttl, 'NX')
    rcall('EXPIRE', seenKey, ttl, 'NX')
  end
  local over = rcall('ZCARD', seenKey) - max
  if over <= 0 then return 0 end
  local popped = rcall('ZPOPMIN', seenKey, over)
  local forgotten = {}
  for i = 1, #popped, 2 do forgotten[#forgotten + 1] = popped[i] end
  rcall('HDEL', fieldsKey, unpack(forgotten))
  if onForget then onForget(forgotten) end
  return #forgotten
end

-- Remembers each argument's value (distinct, the latest `maxValues`, a value already listed keeping its
-- place); answers how many argument names the cap forgot.
local function keepArguments(argsKey, seenKey, args, callNumber, maxNames, maxValues, ttl)
  if #args == 0 then return 0 end
  local names = {}
  for i, kv in ipairs(args) do names[i] = kv[1] end
  local current = rcall('HMGET', argsKey, unpack(names))
  local writes = {}
  for i, kv in ipairs(args) do
    local slot = current[i] and cjson.decode(current[i]) or { first = callNumber, place = i, values = {}, canonical = {} }
    local known = false
    for _, canonical in ipairs(slot.canonical) do
      if canonical == kv[2] then
        known = true
        break
      end
    end
    if not known then
      slot.canonical[#slot.canonical + 1] = kv[2]
      slot.values[#slot.values + 1] = kv[3]
      if #slot.canonical > maxValues then
        table.remove(slot.canonical, 1)
        table.remove(slot.values, 1)
      end
      writes[#writes + 1] = kv[1]
      writes[#writes + 1] = cjson.encode(slot)
    end
  end
  if #writes > 0 then rcall('HSET', argsKey, unpack(writes)) end
  return seeAndForget(argsKey, seenKey, names, callNumber, maxNames, ttl)
end

-- The error pattern of `name` (decoded, or nil when the tool has none), seen now at `callNumber`; answers
-- it and how many error types the cap forgot (handed to `onForget` too: the tenant's fix sets go with them). The caller changes it and
-- writes it back with saveError, which gives the hash its expiry when the pattern was new (the hash may have been made
-- by that write).
local function seeError(errorsKey, seenKey, name, callNumber, maxTypes, ttl, onForget)
  local raw = rcall('HGET', errorsKey, name)
  local dropped = seeAndForget(errorsKey, seenKey, { name }, callNumber, maxTypes, ttl, onForget)
  return raw and cjson.decode(raw) or nil, dropped
end

local function saveError(errorsKey, name, ep, ttl)
  -- cjson writes an empty list as {}: the reader takes {} for an empty list.
  if rcall('HSET', errorsKey, name, cjson.encode(ep)) == 1 and ttl > 0 then rcall('EXPIRE', errorsKey, ttl, 'NX') end
end

-- Appends `text` (a JSON object) to the JSON list in field `field` of hash `key`, the oldest dropped past `max`.
local function appendTrimmed(key, field, text, max)
  local raw = rcall('HGET', key, field)
  local list = raw and cjson.decode(raw) or {}
  if list[1] == nil then list = {} end
  list[#list + 1] = cjson.decode(text)
  if #list > max then table.remove(list, 1) end
  rcall('HSET', key, field, cjson.encode(list))
end

-- A goal remembered for an error pattern: distinct, the latest `cap`, a goal already listed keeping its place.
local function rememberContext(ep, goal, cap)
  if goal == '' then return end
  ep.contexts = ep.contexts or {}
  for _, existing in ipairs(ep.contexts) do
    if existing == goal then return end
  end
  ep.contexts[#ep.contexts + 1] = goal
  if #ep.contexts > cap then table.remove(ep.contexts, 1) end
end
