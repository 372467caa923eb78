-- Lists a tenant's tools, most calls first (ties by name), skipping and pruning tools whose keys expired.
-- KEYS[1] tools zset (tool → minus its total calls)   KEYS[2] tool names (score 0), pruned alike
-- ARGV[1] how many to list   ARGV[2] the prefix of every tool's hash (`<root>:tool:`)
-- ARGV[3] the prefix of every tool's sessions HyperLogLog (`<root>:seen:`)
-- Every tool key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit in
-- the same cluster slot as the declared one.
-- Returns a flat list: name, calls, successes, fixes, last_used_at, sessions seen; then the next tool.
local rcall = redis.call
local toolsKey, namesKey, limit, toolPrefix, seenPrefix = KEYS[1], KEYS[2], tonumber(ARGV[1]), ARGV[2], ARGV[3]

-- @include lib/list-live.lua

return listLive(toolsKey, limit, function(name)
  local row = rcall('HMGET', toolPrefix .. name, 'calls', 'successes', 'fixes', 'last_used_at')
  return row[1] and row or nil
end, function(listed, name, row)
  listed[#listed + 1] = name
  for _, value in ipairs(row) do listed[#listed + 1] = value end
  listed[#listed + 1] = rcall('PFCOUNT', seenPrefix .. name)
end, namesKey)
