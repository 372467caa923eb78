-- Reads one template bucket with its version, for a decision made in TypeScript (template-buckets.ts).
-- KEYS the bucket, the tenant's template_records, template_versions and recall_docs, named by the input's `keys`
-- ARGV[1] the input as JSON: {keys, bucket, shapes_only (true: without the templates' terms and uses)}
-- Returns lib/template-bucket.lua's answer as JSON.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/template-bucket.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(readTemplateBucket(namedKeys(input.keys, 1), input.bucket, input.shapes_only))
