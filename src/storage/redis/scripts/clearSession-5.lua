-- Deletes a session's tool memory (its settings stay): for a reset, and before an import, in the same
-- MULTI as the import's writes.
-- KEYS[1] meta   KEYS[2] log   KEYS[3] calls   KEYS[4] fixes   KEYS[5] tools (sorted set)
-- ARGV[1] the input as JSON: root (what the session's keys start with, keys.ts: session.root), for each tool's keys
-- Returns JSON: { deleted = how many keys }.
local rcall = redis.call
local root = cjson.decode(ARGV[1]).root
local deleted = 0
for _, tool in ipairs(rcall('ZRANGE', KEYS[5], 0, -1)) do
  deleted = deleted + rcall('DEL', root .. 'pattern:' .. tool, root .. 'args:' .. tool, root .. 'args-seen:' .. tool,
    root .. 'errors:' .. tool, root .. 'errors-seen:' .. tool, root .. 'recent:' .. tool)
end
return cjson.encode({ deleted = deleted + rcall('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]) })
