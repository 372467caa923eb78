-- A call's outcome and arguments as the scripts that learn a tool's pattern (a session's, the tenant's) read
-- them. Arguments arrive as [[key, canonical JSON of value, JSON of value as given], ...], or [key, JSON]
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
