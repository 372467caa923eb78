-- Lists a tenant's most recurring failure signatures, skipping and pruning those whose keys expired.
-- KEYS[1] signatures zset (signature → minus its occurrences)
-- ARGV[1] how many to list   ARGV[2] the prefix of every signature's keys
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit
-- in the same cluster slot as the declared one.
-- Returns a flat list: signature, info JSON, occurrences, tasks, resolved tasks, latest fix's task
-- ('' for none), its { approach, resolved_at } JSON ('' for none), then the six efficacy sums
-- (lib/efficacy-sums.lua, false for none); then the next signature.
local rcall = redis.call
local sigsKey, limit, prefix = KEYS[1], tonumber(ARGV[1]), ARGV[2]

-- @include lib/list-live.lua
-- @include lib/efficacy-sums.lua

return listLive(sigsKey, limit, function(signature)
  local row = rcall('HMGET', prefix .. 'sig:' .. signature, 'info', 'occurrences')
  return row[1] and row or nil
end, function(listed, signature, row)
  local latest = rcall('ZREVRANGE', prefix .. 'fixes:' .. signature, 0, 0)[1]
  local doc = latest and rcall('HGET', prefix .. 'approaches:' .. signature, latest)
  listed[#listed + 1] = signature
  listed[#listed + 1] = row[1]
  listed[#listed + 1] = row[2]
  listed[#listed + 1] = rcall('PFCOUNT', prefix .. 'tasks:' .. signature)
  listed[#listed + 1] = rcall('ZCARD', prefix .. 'fixes:' .. signature)
  listed[#listed + 1] = (doc and latest) or ''
  listed[#listed + 1] = doc or ''
  for _, sum in ipairs(efficacySums(prefix, signature)) do listed[#listed + 1] = sum end
end)
