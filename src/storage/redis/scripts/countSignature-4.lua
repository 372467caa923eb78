-- Counts one captured lesson under its signature, tenant-wide (lib/count-signature.lua); a Redis Cluster runs it beside
-- the task's appendLesson, in the tenant's slot.
-- KEYS the signature's hash and tasks, the tenant's signatures and the write id's record,
--   named in order by the input's `keys`
-- ARGV[1] the input as JSON: lib/count-signature.lua's, with `keys`   ARGV[2] the lesson's JSON (its event's data)
-- Returns lib/count-signature.lua's answer as JSON.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/known-fixes.lua
-- @include lib/count-signature.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(countSignature(namedKeys(input.keys, 1), input, ARGV[2]))
