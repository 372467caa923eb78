-- Lists a page of a tenant's tools whose name starts with a prefix, in byte order, after a cursor,
-- skipping tools whose keys expired or were forgotten and dropping them from both tool indexes. The
-- walk is listing-walk.ts's, run here because every key it reads sits in the tenant's slot.
-- KEYS[1] tool names (sorted set, every member at score 0)   KEYS[2] tools zset (tool → minus its calls)
-- ARGV[1] the prefix   ARGV[2] the name the page starts after ('' from the first match)   ARGV[3] how many
-- ARGV[4] the prefix of every tool's hash (`<root>:tool:`)   ARGV[5] of every tool's sessions HyperLogLog
-- Every key read by name shares KEYS[1]'s hash tag {tenant:shared}.
-- Returns { next cursor ('' when no match is left), then per tool: name, calls, successes, fixes,
-- last_used_at, sessions seen }.
local rcall = redis.call
local names, tools, prefix, after, limit = KEYS[1], KEYS[2], ARGV[1], ARGV[2], tonumber(ARGV[3])
local toolPrefix, seenPrefix = ARGV[4], ARGV[5]
-- Tool names are ASCII, so every name that starts with the prefix sorts before the prefix and byte 255.
local last = nil
if after ~= '' and string.sub(after, 1, #prefix) == prefix then last = after end
local listed, found = { '' }, 0
while true do
  local wanted = limit - found
  -- One name more than wanted tells whether the walk goes on after this page.
  local page = rcall('ZRANGE', names, last and ('(' .. last) or ('[' .. prefix), '[' .. prefix .. '\255', 'BYLEX', 'LIMIT', 0, wanted + 1)
  for i = 1, math.min(#page, wanted) do
    local name = page[i]
    local row = rcall('HMGET', toolPrefix .. name, 'calls', 'successes', 'fixes', 'last_used_at')
    if row[1] then
      found = found + 1
      listed[#listed + 1] = name
      for _, value in ipairs(row) do listed[#listed + 1] = value end
      listed[#listed + 1] = rcall('PFCOUNT', seenPrefix .. name)
    else
      -- The walk goes on by name, not by rank, so removing as it goes skips nothing.
      rcall('ZREM', names, name)
      rcall('ZREM', tools, name)
    end
    last = name
  end
  if #page <= wanted then return listed end
  if found == limit then
    listed[1] = last
    return listed
  end
end
