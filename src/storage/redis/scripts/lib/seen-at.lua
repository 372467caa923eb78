-- When each name of a tool's pattern or knowledge was last seen: a sorted set of names scored by the tool's call number.

-- Marks `names` seen at `callNumber` in `seenKey`; answers how many were new to it (only then can a key have been made,
-- or a cap passed).
local function markSeen(seenKey, names, callNumber)
  local scored = {}
  for _, name in ipairs(names) do
    scored[#scored + 1] = callNumber
    scored[#scored + 1] = name
  end
  return rcall('ZADD', seenKey, unpack(scored))
end
