-- Reads, for each given signature, the most recent fixes that worked in any task of the tenant.
-- KEYS[1] signatures zset (declared for its slot only; not read)
-- ARGV[1] the prefix of every signature's keys   ARGV[2] fixes answered per signature   ARGV[3..] signatures
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit
-- in the same cluster slot as the declared one.
-- Returns per signature: the signature, the number of fixes n, then n pairs of task id and
-- { approach, resolved_at } JSON, newest first.
local rcall = redis.call

-- @include lib/known-fixes.lua

local prefix, max = ARGV[1], tonumber(ARGV[2])
local out = {}
for i = 3, #ARGV do appendKnownFixes(out, prefix, ARGV[i], max) end
return out
