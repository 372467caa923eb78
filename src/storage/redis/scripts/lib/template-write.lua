-- Applies one template step decided in TypeScript (domain/failures/template-step.ts) while its bucket still reads as
-- the decision read it, once per keyed write. Storage only: the version compared and moved, the shapes and recall
-- entries written as sent, ids added to or cut from their sets and lists, and past the tenant's cap the template seen
-- least recently forgotten with everything kept of it. Needs lib/idempotency.lua, lib/renewal.lua and lib/template-bucket.lua.
--
-- k: lib/template-bucket.lua's keys, and template_seen (sorted set: id → the tenant's clock when it last took a
-- message), template_counts (hash: id → messages it took), template_clock (string), recall_postings (hash: term → the
-- ids indexed by it, each after a space), record (the keyed write's record); k.bucket_root names the other buckets.
-- step: {bucket, version ('' for a bucket that has none), next_version and forget_version (new random versions for the
-- step's bucket and for the bucket of a template it forgets), id, created, shape ('' when unchanged), terms (JSON list) and term_count, added_terms,
-- uses ('' for unchanged), template, change, fingerprint, record_ttl, ttl, max_templates}
-- Answers {outcome = applied, id, template, change, forgotten, forgotten_bucket, forgotten_before and forgotten_version
-- (that bucket's version before and after; '' after: the bucket is gone)} | {outcome = replayed, id, template} | {outcome = mismatch} | lib/template-bucket.lua's answer with
-- outcome = conflict (nothing written).

-- Cuts an id from a space-separated list held in a hash field, dropping the field once it is empty.
local function cutId(key, field, id)
  local ids = rcall('HGET', key, field)
  if not ids then return end
  local from, to = string.find(ids, ' ' .. id, 1, true)
  if from then ids = string.sub(ids, 1, from - 1) .. string.sub(ids, to + 1) end
  if ids == '' then rcall('HDEL', key, field) else rcall('HSET', key, field, ids) end
end

-- Forgets one template: its shape, its place in its bucket (which gets `version`, or goes when it held no other), its
-- count and its recall entry. Answers its bucket, and the bucket's version before and after.
local function forgetTemplate(k, id, version)
  local shape = rcall('HGET', k.template_records, id)
  local bucket, before, after = shape and cjson.decode(shape).bucket or '', '', ''
  if bucket ~= '' then
    local key = k.bucket_root .. bucket
    before = rcall('HGET', k.template_versions, bucket) or ''
    rcall('ZREM', key, id)
    if rcall('EXISTS', key) == 1 then
      after = version
      rcall('HSET', k.template_versions, bucket, after)
    else
      rcall('HDEL', k.template_versions, bucket)
    end
  end
  rcall('HDEL', k.template_records, id)
  rcall('HDEL', k.template_counts, id)
  local stored = rcall('HGET', k.recall_docs, 'w:' .. id)
  if stored then
    local terms = cjson.decode(stored)
    for _, term in ipairs(terms) do cutId(k.recall_postings, term, id) end
    rcall('HINCRBY', k.recall_docs, 'docs', -1)
    -- Not -#terms: Redis reads the number -0 as '-0', which HINCRBY refuses.
    if #terms > 0 then rcall('HINCRBY', k.recall_docs, 'terms', 0 - #terms) end
    rcall('HDEL', k.recall_docs, 'w:' .. id, 'n:' .. id, 't:' .. id, 'u:' .. id)
  end
  return bucket, before, after
end

-- The recall entry of the step's template: its text, its terms and their postings, its uses.
local function indexTemplate(k, step)
  local id = step.id
  local fresh = rcall('HEXISTS', k.recall_docs, 'w:' .. id) == 0
  if fresh then rcall('HINCRBY', k.recall_docs, 'docs', 1) end
  if fresh or step.change ~= 'seen' then rcall('HSET', k.recall_docs, 't:' .. id, step.template) end
  if fresh or #step.added_terms > 0 then rcall('HSET', k.recall_docs, 'w:' .. id, step.terms, 'n:' .. id, step.term_count) end
  for _, term in ipairs(step.added_terms) do
    rcall('HSET', k.recall_postings, term, (rcall('HGET', k.recall_postings, term) or '') .. ' ' .. id)
  end
  if #step.added_terms > 0 then rcall('HINCRBY', k.recall_docs, 'terms', #step.added_terms) end
  if step.uses ~= '' then rcall('HSET', k.recall_docs, 'u:' .. id, step.uses) end
end

-- Renews the tenant's template keys as a group (lib/renewal.lua), every bucket with them.
local function renewTemplates(k, ttl)
  if not renewalDue(k.template_clock, ttl) then return end
  local keys = { k.template_records, k.template_versions, k.template_seen, k.template_counts, k.template_clock, k.recall_docs, k.recall_postings }
  for _, bucket in ipairs(rcall('HKEYS', k.template_versions)) do keys[#keys + 1] = k.bucket_root .. bucket end
  renew(keys, ttl)
end

-- Why the step is not to be applied (the key's record answers it, or the bucket moved), or nil when it is.
local function templateStepRefusal(k, step)
  local kept = keptForKey(k.record, step.fingerprint)
  if kept == false then return { outcome = 'mismatch' } end
  if kept[1] then return { outcome = 'replayed', id = kept[1], template = kept[2] or '' } end
  if (rcall('HGET', k.template_versions, step.bucket) or '') ~= step.version then
    local current = readTemplateBucket(k, step.bucket)
    current.outcome = 'conflict'
    return current
  end
  return nil
end

-- Applies a step templateStepRefusal let through.
local function applyTemplateStep(k, step)
  local version = rcall('HGET', k.template_versions, step.bucket)
  -- Versions are random, so that none repeats: not after the bucket went and came back, nor after a failover lost a write.
  rcall('HSET', k.template_versions, step.bucket, step.next_version)
  local id, clock = step.id, rcall('INCR', k.template_clock)
  rcall('ZADD', k.template_seen, clock, id)
  rcall('HINCRBY', k.template_counts, id, 1)
  if step.shape ~= '' then rcall('HSET', k.template_records, id, step.shape) end
  if step.created then
    -- A bucket key that outlived its version (made after the group's last renewal, so it expires later) holds nothing kept.
    if not version then rcall('DEL', k.bucket) end
    rcall('ZADD', k.bucket, clock, id)
    -- A bucket made after the group's last renewal gets its expiry now.
    if step.ttl > 0 then rcall('EXPIRE', k.bucket, step.ttl) end
  end
  indexTemplate(k, step)
  local forgotten, forgottenBucket, forgottenBefore, forgottenVersion = '', '', '', ''
  if step.created and rcall('ZCARD', k.template_seen) > step.max_templates then
    forgotten = rcall('ZPOPMIN', k.template_seen)[1]
    forgottenBucket, forgottenBefore, forgottenVersion = forgetTemplate(k, forgotten, step.forget_version)
  end
  renewTemplates(k, step.ttl)
  keepForKey(k.record, step.fingerprint, { id, step.template }, step.record_ttl)
  return { outcome = 'applied', id = id, template = step.template, change = step.change, forgotten = forgotten,
    forgotten_bucket = forgottenBucket, forgotten_before = forgottenBefore, forgotten_version = forgottenVersion }
end

local function writeTemplateStep(k, step)
  return templateStepRefusal(k, step) or applyTemplateStep(k, step)
end
