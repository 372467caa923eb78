-- Applies one failure message's template step, decided in TypeScript against its bucket (template-buckets.ts), if
-- the bucket still reads as the decision read it; as the first step of a keyed write when it has a fingerprint.
-- KEYS the bucket, the tenant's template and recall keys and the key's record, named in order by the input's `keys`
-- ARGV[1] the input as JSON: lib/template-write.lua's step, with `keys` and `bucket_root`
-- Returns lib/template-write.lua's answer as JSON.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/template-bucket.lua
-- @include lib/template-write.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(writeTemplateStep(withBucketRoot(namedKeys(input.keys, 1), input), input))
