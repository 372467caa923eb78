-- Reads, for each given signature, the most recent fixes that worked in any task of the tenant.
-- KEYS[1] signatures zset (declared for its slot only; not read)
-- ARGV[1] the input as JSON: prefix (of every signature's keys), per_signature (fixes answered), signatures
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit
-- in the same cluster slot as the declared one.
-- Returns JSON: { signatures = { { signature, fixes = lib/known-fixes.lua's }, ... } }, in the order asked.
local rcall = redis.call

-- @include lib/known-fixes.lua

local input = cjson.decode(ARGV[1])
local out = {}
for _, signature in ipairs(input.signatures) do
  out[#out + 1] = { signature = signature, fixes = knownFixesOf(input.prefix, signature, input.per_signature) }
end
return cjson.encode({ signatures = out })
