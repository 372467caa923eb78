-- The fixes that worked for one failure signature in any task of the tenant.

-- Appends to `out` the signature, the number n of its most recent fixes (at most `max`), then n
-- pairs of task id and { approach, resolved_at } JSON, newest first.
local function appendKnownFixes(out, prefix, signature, max)
  local found = {}
  for _, task in ipairs(rcall('ZREVRANGE', prefix .. 'fixes:' .. signature, 0, max - 1)) do
    local doc = rcall('HGET', prefix .. 'approaches:' .. signature, task)
    if doc then
      found[#found + 1] = task
      found[#found + 1] = doc
    end
  end
  out[#out + 1] = signature
  out[#out + 1] = #found / 2
  for _, value in ipairs(found) do out[#out + 1] = value end
end
