-- A single server only: one page of a task or session listing and what it shows of each item, in
-- one script and one round trip. It reads each item's keys by name, outside KEYS, which a Cluster
-- forbids (items live in slots of their own); there the page and its items are two round trips.
-- KEYS[1] the listing index (id → ms)   KEYS[2] the id index (every id at score 0)
-- ARGV[1] 'task' or 'session'   ARGV[2] what every item's keys start with, up to its id
-- ARGV[3] 'activity': ARGV[4] the cursor's time in ms ('' from the top), ARGV[5] its id, ARGV[6] how many
--         'prefix': ARGV[4] the prefix, ARGV[5] the id the page starts after, ARGV[6] how many
-- Returns one JSON document, { "page": [id, ms, id, ms, ...], "items": [item or 0 per id] }, with
-- 0 where ms is -1 (not listed), each item only the numbers a listing shows:
--   a task    [lessons kept, captured, { category: lessons }, newest error type or '', 1 if resolved else 0,
--              1 if that lesson had to be repaired to be read else 0]
--   a session [calls kept, successes, fixes detected, tools tracked]
-- One JSON string costs the service a native parse, where the same page as nested replies (a
-- counters hash per item) costs its driver a walk over about a thousand of them.
local rcall = redis.call
-- @include lib/page-listing.lua
-- @include lib/page-by-prefix.lua
-- @include lib/listed-summary.lua
local kind, root, count = ARGV[1], ARGV[2], tonumber(ARGV[6])
local page
if ARGV[3] == 'activity' then
  page = pageListing(KEYS[1], ARGV[4], ARGV[5], count)
else
  page = pageByPrefix(KEYS[2], KEYS[1], ARGV[4], ARGV[5], count)
end

local function taskItem(summary)
  local flat, categories, kept, captured = summary[1], {}, 0, 0
  for i = 1, #flat, 2 do
    local field, value = flat[i], tonumber(flat[i + 1])
    if field == 'kept' then kept = value
    elseif field == 'captured' then captured = value
    elseif string.sub(field, 1, 4) == 'cat:' then categories[string.sub(field, 5)] = value end
  end
  return { kept, captured, categories, summary[2], summary[3], summary[4] }
end

local function sessionItem(summary)
  local flat, success, fixes = summary[1], 0, 0
  for i = 1, #flat, 2 do
    if flat[i] == 'success' then success = tonumber(flat[i + 1])
    elseif flat[i] == 'fixes' then fixes = tonumber(flat[i + 1]) end
  end
  return { summary[2], success, fixes, summary[3] }
end

local items = {}
for i = 1, #page, 2 do
  local item = root .. page[i] .. '}:'
  if tonumber(page[i + 1]) < 0 then
    items[#items + 1] = 0
  elseif kind == 'task' then
    items[#items + 1] = taskItem(taskSummary(item .. 'lessons', item .. 'counters', item .. 'resolution'))
  else
    items[#items + 1] = sessionItem(sessionSummary(item .. 'meta', item .. 'log', item .. 'tools'))
  end
end
-- An empty Lua table encodes as {}; the page is a list, so an empty one is written out as such.
if #page == 0 then return '{"page":[],"items":[]}' end
return cjson.encode({ page = page, items = items })
