-- Reads the known fixes of the signatures the tenant has counted for one task, so that a prompt can
-- read them beside the task itself instead of after it.
-- KEYS[1] the task's signatures zset in the tenant's slot (signature → when last captured, ms)
-- ARGV[1] the input as JSON: prefix (of every signature's keys), per_signature (fixes answered), signatures_read (at
--   most, the most recently captured)
-- Returns JSON as readKnownFixes-1.lua: { signatures = { { signature, fixes }, ... } }.
local rcall = redis.call

-- @include lib/known-fixes.lua

local input = cjson.decode(ARGV[1])
local out = {}
for _, signature in ipairs(rcall('ZREVRANGE', KEYS[1], 0, input.signatures_read - 1)) do
  out[#out + 1] = { signature = signature, fixes = knownFixesOf(input.prefix, signature, input.per_signature) }
end
return cjson.encode({ signatures = out })
