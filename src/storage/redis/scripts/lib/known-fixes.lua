-- The fixes that worked for one failure signature in any task of the tenant.

-- The signature's most recent fixes (at most `max`), newest first: { { task_id, fix = { approach, resolved_at } JSON }, ... }.
local function knownFixesOf(prefix, signature, max)
  local found = {}
  for _, task in ipairs(rcall('ZREVRANGE', prefix .. 'fixes:' .. signature, 0, max - 1)) do
    local doc = rcall('HGET', prefix .. 'approaches:' .. signature, task)
    if doc then found[#found + 1] = { task_id = task, fix = doc } end
  end
  return found
end
