-- A single server only: one page of a task or session listing and what it shows of each item, in
-- one script and one round trip. It reads each item's keys by name, outside KEYS, which a Cluster
-- forbids (items live in slots of their own); there the page and its items are two round trips.
-- KEYS[1] the listing index (id → ms)   KEYS[2] the id index (every id at score 0)
-- ARGV[1] the input as JSON: kind ('task' or 'session'), root (what every item's keys start with, up to its id), count, by:
--   'activity': at (the cursor's time in ms; absent from the top) and after (its id); 'prefix': prefix and after (the id
--   the page starts after)
-- Returns JSON: { page = { { id, at }, ... }, items = { item, or 0 where at is -1 (not listed), per entry } }, each item
-- only the numbers a listing shows:
--   a task    { kept, captured, categories (category → lessons), error_type (of the newest lesson, '' for none),
--               resolved, repaired (whether that lesson had to be repaired to be read) }
--   a session { kept (calls), successes, fixes, tools (tracked) }
-- One JSON string costs the service a native parse, where the same page as nested replies (a
-- counters hash per item) costs its driver a walk over about a thousand of them.
local rcall = redis.call
-- @include lib/page-listing.lua
-- @include lib/page-by-prefix.lua
-- @include lib/listed-summary.lua
local input = cjson.decode(ARGV[1])
local kind, root = input.kind, input.root
local page
if input.by == 'activity' then
  page = pageListing(KEYS[1], input.at, input.after, input.count)
else
  page = pageByPrefix(KEYS[2], KEYS[1], input.prefix, input.after, input.count)
end

local function taskItem(summary)
  local flat, categories, kept, captured = summary.counters, {}, 0, 0
  for i = 1, #flat, 2 do
    local field, value = flat[i], tonumber(flat[i + 1])
    if field == 'kept' then kept = value
    elseif field == 'captured' then captured = value
    elseif string.sub(field, 1, 4) == 'cat:' then categories[string.sub(field, 5)] = value end
  end
  return { kept = kept, captured = captured, categories = categories, error_type = summary.error_type, resolved = summary.resolved,
    repaired = summary.repaired }
end

local function sessionItem(summary)
  local flat, success, fixes = summary.meta, 0, 0
  for i = 1, #flat, 2 do
    if flat[i] == 'success' then success = tonumber(flat[i + 1])
    elseif flat[i] == 'fixes' then fixes = tonumber(flat[i + 1]) end
  end
  return { kept = summary.kept, successes = success, fixes = fixes, tools = summary.tools }
end

local items = {}
for _, entry in ipairs(page) do
  local item = root .. entry.id .. '}:'
  if entry.at < 0 then
    items[#items + 1] = 0
  elseif kind == 'task' then
    items[#items + 1] = taskItem(taskSummary(item .. 'lessons', item .. 'counters', item .. 'resolution'))
  else
    items[#items + 1] = sessionItem(sessionSummary(item .. 'meta', item .. 'log', item .. 'tools'))
  end
end
return cjson.encode({ page = page, items = items })
