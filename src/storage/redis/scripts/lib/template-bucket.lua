-- A template bucket as the decision in TypeScript reads it (template-step.ts), and its version. No rule here: the
-- bucket's members, their stored shapes and recall entries, read as they are.
-- k: bucket (sorted set: its ids by when each was made), template_records (hash: id → {bucket, tokens, gaps} JSON),
-- template_versions (hash: bucket → version, moved by every write to the bucket), recall_docs.
-- Answers { version ('' for none), ids, shapes, terms, uses }: the lists in the order of ids, false where a field is absent.

-- HMGET of many fields, a thousand at a time: unpack takes fewer than 8,000 values.
local function hmgetAll(key, fields)
  local found = {}
  for from = 1, #fields, 1000 do
    local slice = {}
    for i = from, math.min(from + 999, #fields) do slice[#slice + 1] = fields[i] end
    for _, value in ipairs(rcall('HMGET', key, unpack(slice))) do found[#found + 1] = value end
  end
  return found
end

-- With `shapesOnly`, the terms and uses are left out (placing a query needs the shapes alone).
local function readTemplateBucket(k, bucket, shapesOnly)
  local version = rcall('HGET', k.template_versions, bucket) or ''
  local ids = rcall('ZRANGE', k.bucket, 0, -1)
  if #ids == 0 then return { version = version, ids = {} } end
  if shapesOnly then return { version = version, ids = ids, shapes = hmgetAll(k.template_records, ids) } end
  local terms, uses = {}, {}
  for i, id in ipairs(ids) do
    terms[i] = 'w:' .. id
    uses[i] = 'u:' .. id
  end
  return { version = version, ids = ids, shapes = hmgetAll(k.template_records, ids), terms = hmgetAll(k.recall_docs, terms),
    uses = hmgetAll(k.recall_docs, uses) }
end

-- A step's keys with the root every bucket's key starts with, which the input carries (keys.ts: templateBucketRoot).
local function withBucketRoot(k, input)
  k.bucket_root = input.bucket_root
  return k
end
