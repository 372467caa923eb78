-- Reads the known fixes of the signatures the tenant has counted for one task, so that a prompt can
-- read them beside the task itself instead of after it.
-- KEYS[1] the task's signatures zset in the tenant's slot (signature → when last captured, ms)
-- ARGV[1] the prefix of every signature's keys   ARGV[2] fixes answered per signature
-- ARGV[3] signatures read at most (the most recently captured)
-- Returns as readKnownFixes: per signature, the signature, the number of fixes n, then n pairs.
local rcall = redis.call

-- @include lib/known-fixes.lua

local prefix, max = ARGV[1], tonumber(ARGV[2])
local out = {}
for _, signature in ipairs(rcall('ZREVRANGE', KEYS[1], 0, tonumber(ARGV[3]) - 1)) do
  appendKnownFixes(out, prefix, signature, max)
end
return out
