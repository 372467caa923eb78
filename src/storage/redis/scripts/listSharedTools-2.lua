-- Lists a tenant's tools, most calls first (ties by name), skipping and pruning tools whose keys expired.
-- KEYS[1] tools zset (tool → minus its total calls)   KEYS[2] tool names (score 0), pruned alike
-- ARGV[1] the input as JSON: limit (how many to list), tool_prefix (of every tool's hash, `<root>:tool:`), seen_prefix (of
--   every tool's sessions HyperLogLog, `<root>:seen:`)
-- Every tool key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit in
-- the same cluster slot as the declared one.
-- Returns JSON: { tools = { lib/tool-row.lua's row, ... } }.
local rcall = redis.call

-- @include lib/list-live.lua
-- @include lib/tool-row.lua

local input = cjson.decode(ARGV[1])
return cjson.encode({ tools = listLive(KEYS[1], input.limit, function(name)
  return toolRow(input.tool_prefix, input.seen_prefix, name)
end, function(listed, _, row)
  listed[#listed + 1] = row
end, KEYS[2]) })
