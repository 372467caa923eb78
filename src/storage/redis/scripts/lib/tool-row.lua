-- What a listing of a tenant's tools shows of one tool, read from its hash and its sessions' HyperLogLog.

-- The tool's row ({ name, calls, successes, fixes, last_used_at, sessions }), or nil when its keys expired or were forgotten.
local function toolRow(toolPrefix, seenPrefix, name)
  local row = rcall('HMGET', toolPrefix .. name, 'calls', 'successes', 'fixes', 'last_used_at')
  if not row[1] then return nil end
  return { name = name, calls = tonumber(row[1]), successes = tonumber(row[2] or '0'), fixes = tonumber(row[3] or '0'),
    last_used_at = row[4] or '', sessions = rcall('PFCOUNT', seenPrefix .. name) }
end
