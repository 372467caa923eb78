-- A script's keys by name: its input lists what KEYS[from], KEYS[from + 1], ... are, in the order the caller
-- (tool-call-scripts.ts) sent them, so no script reads a key by its position.
local function namedKeys(names, from)
  local k = {}
  for i, name in ipairs(names) do k[name] = KEYS[from + i - 1] end
  return k
end
