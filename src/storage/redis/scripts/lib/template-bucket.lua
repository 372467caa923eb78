-- A template bucket as the decision in TypeScript reads it (template-step.ts), and its version. No rule here: the
-- bucket's members, their stored shapes and recall entries, read as they are.
-- k: bucket (sorted set: its ids by when each was made), template_records (hash: id → {bucket, tokens, gaps} JSON),
-- template_versions (hash: bucket → version, moved by every write to the bucket), recall_docs.
-- Answers { version, ids, shapes, terms, uses }: the lists in the order of ids, false where a field is absent.
local function readTemplateBucket(k, bucket)
  local version = tonumber(rcall('HGET', k.template_versions, bucket) or '0')
  local ids = rcall('ZRANGE', k.bucket, 0, -1)
  if #ids == 0 then return { version = version, ids = {} } end
  local terms, uses = {}, {}
  for i, id in ipairs(ids) do
    terms[i] = 'w:' .. id
    uses[i] = 'u:' .. id
  end
  return { version = version, ids = ids, shapes = rcall('HMGET', k.template_records, unpack(ids)),
    terms = rcall('HMGET', k.recall_docs, unpack(terms)), uses = rcall('HMGET', k.recall_docs, unpack(uses)) }
end

-- A step's keys with the root every bucket's key starts with, which the input carries (keys.ts: templateBucketRoot).
local function withBucketRoot(k, input)
  k.bucket_root = input.bucket_root
  return k
end
