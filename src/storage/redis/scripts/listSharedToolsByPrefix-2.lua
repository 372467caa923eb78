-- Lists a page of a tenant's tools whose name starts with a prefix, in byte order, after a cursor,
-- skipping tools whose keys expired or were forgotten and dropping them from both tool indexes. The
-- walk is listing-walk.ts's, run here because every key it reads sits in the tenant's slot.
-- KEYS[1] tool names (sorted set, every member at score 0)   KEYS[2] tools zset (tool → minus its calls)
-- ARGV[1] the input as JSON: prefix, after (the name the page starts after, '' from the first match), limit,
--   tool_prefix (of every tool's hash, `<root>:tool:`), seen_prefix (of every tool's sessions HyperLogLog)
-- Every key read by name shares KEYS[1]'s hash tag {tenant:shared}.
-- Returns JSON: { next (the cursor; absent when no match is left), tools = { lib/tool-row.lua's row, ... } }.
local rcall = redis.call

-- @include lib/tool-row.lua

local input = cjson.decode(ARGV[1])
local names, tools, prefix, limit = KEYS[1], KEYS[2], input.prefix, input.limit
-- Tool names are ASCII, so every name that starts with the prefix sorts before the prefix and byte 255.
local last = nil
if input.after ~= '' and string.sub(input.after, 1, #prefix) == prefix then last = input.after end
local listed = {}
while true do
  local wanted = limit - #listed
  -- One name more than wanted tells whether the walk goes on after this page.
  local page = rcall('ZRANGE', names, last and ('(' .. last) or ('[' .. prefix), '[' .. prefix .. '\255', 'BYLEX', 'LIMIT', 0, wanted + 1)
  for i = 1, math.min(#page, wanted) do
    local name = page[i]
    local row = toolRow(input.tool_prefix, input.seen_prefix, name)
    if row then
      listed[#listed + 1] = row
    else
      -- The walk goes on by name, not by rank, so removing as it goes skips nothing.
      rcall('ZREM', names, name)
      rcall('ZREM', tools, name)
    end
    last = name
  end
  if #page <= wanted then return cjson.encode({ tools = listed }) end
  if #listed == limit then return cjson.encode({ next = last, tools = listed }) end
end
