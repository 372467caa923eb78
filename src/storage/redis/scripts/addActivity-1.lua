-- Adds one batch of what a tenant's tool calls and lessons leave for dashboards, added up by a process
-- (activity-batches.ts), at most once per batch id, so that a batch sent again after a failure it may have outlived is
-- counted once: its counts, and each tool's recent sessions (lib/activity.lua).
-- KEYS[1] the batch's record (the tenant's applied:<batch id>)
-- ARGV[1] the input as JSON: prefix, record_ttl (seconds the record lives), sessions_ttl, recent_kept, hashes ({ { key,
--   ttl, fields = { field, count, field, count, ... } }, ... }: each hash's expiry is fixed by its first count; ttl 0
--   leaves it as it is) and recent ({ { tool, sessions = { id, at_ms, ... } }, ... }: each session's latest call); every
--   key is the tenant's, in the record's slot
-- Returns JSON: { outcome = 'applied' | 'replayed' }.
local rcall = redis.call

-- @include lib/renewal.lua
-- @include lib/activity.lua

local input = cjson.decode(ARGV[1])
if not rcall('SET', KEYS[1], '1', 'NX', 'EX', input.record_ttl) then return cjson.encode({ outcome = 'replayed' }) end
for _, hash in ipairs(input.hashes) do
  for i = 1, #hash.fields, 2 do rcall('HINCRBY', hash.key, hash.fields[i], hash.fields[i + 1]) end
  if hash.ttl > 0 then rcall('EXPIRE', hash.key, hash.ttl, 'NX') end
end
for _, tool in ipairs(input.recent) do
  for i = 1, #tool.sessions, 2 do
    keepRecentSession(input.prefix, tool.sessions[i + 1], tool.tool, tool.sessions[i], input.sessions_ttl, input.recent_kept)
  end
end
return cjson.encode({ outcome = 'applied' })
