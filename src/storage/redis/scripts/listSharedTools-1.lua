-- Lists a tenant's tools, most calls first (ties by name), skipping and pruning tools whose keys expired.
-- KEYS[1] tools zset (tool → minus its total calls)
-- ARGV[1] how many to list   ARGV[2] the prefix of every tool's hash (`<root>:tool:`)
-- ARGV[3] the prefix of every tool's sessions HyperLogLog (`<root>:seen:`)
-- Every tool key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit in
-- the same cluster slot as the declared one.
-- Returns a flat list: name, calls, successes, fixes, last_used_at, sessions seen; then the next tool.
local rcall = redis.call
local toolsKey, limit, toolPrefix, seenPrefix = KEYS[1], tonumber(ARGV[1]), ARGV[2], ARGV[3]

local listed, stale = {}, {}
local found, start = 0, 0
while found < limit do
  local page = rcall('ZRANGE', toolsKey, start, start + limit - 1)
  if #page == 0 then break end
  for _, name in ipairs(page) do
    local row = rcall('HMGET', toolPrefix .. name, 'calls', 'successes', 'fixes', 'last_used_at')
    if row[1] then
      if found < limit then
        found = found + 1
        listed[#listed + 1] = name
        for _, value in ipairs(row) do listed[#listed + 1] = value end
        listed[#listed + 1] = rcall('PFCOUNT', seenPrefix .. name)
      end
    else
      stale[#stale + 1] = name
    end
  end
  start = start + limit
end
-- Ranks stay put while paging, so the expired are removed only at the end.
-- In chunks: Lua's unpack refuses a few thousand values at once.
for i = 1, #stale, 500 do rcall('ZREM', toolsKey, unpack(stale, i, math.min(i + 499, #stale))) end
return listed
