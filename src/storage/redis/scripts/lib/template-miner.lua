-- The failure-template miner's placement and eviction, rule for rule as domain/failures/templates.ts's
-- learnTemplate, over a tenant's template state in Redis. TypeScript masks the message and names its bucket
-- and the id a new template of it gets (prepareMessage); what depends on the state runs here, atomically, so
-- replicas that learn at once learn from one state. A parity test (test/storage/redis-template-miner.test.ts)
-- feeds this and the TypeScript the same messages. The same step indexes the template for recall (lib/recall.lua).
-- Needs lib/renewal.lua, lib/template-placement.lua, lib/recall-layout.lua and lib/recall.lua.
--
-- k: templates (hash: bucket → JSON list of its templates, oldest first, each {id, tokens, gaps, created}),
-- template_seen (sorted set: id → the tenant's clock when it last took a message), template_counts (hash:
-- id → messages it took), template_buckets (hash: id → its bucket, so eviction reads one bucket),
-- template_clock (string: messages learned), recall_docs and recall_postings (lib/recall.lua).
-- message: {bucket, tokens, gaps, id, max_templates, similarity_threshold, ttl (seconds; 0 keeps them forever),
-- terms, max_terms, use (or absent), max_uses, max_refs (lib/recall.lua)}
-- Answers {id, template, change = seen|generalised|created, forgotten = the evicted id or ''}.

-- cjson writes an empty table as {}: a template of no tokens must still read as a list in TypeScript.
local function templateJsonList(list)
  if #list == 0 then return '[]' end
  return cjson.encode(list)
end

local function encodeTemplateBucket(bucket)
  if #bucket[1].tokens > 0 then return cjson.encode(bucket) end
  local parts = {}
  for i, t in ipairs(bucket) do
    parts[i] = '{"id":' .. cjson.encode(t.id) .. ',"tokens":' .. templateJsonList(t.tokens) .. ',"gaps":' ..
      cjson.encode(t.gaps) .. ',"created":' .. string.format('%d', t.created) .. '}'
  end
  return '[' .. table.concat(parts, ',') .. ']'
end

-- Writes the bucket back, or drops it when it holds no template.
local function storeTemplateBucket(k, name, bucket)
  if #bucket == 0 then
    rcall('HDEL', k.templates, name)
  else
    rcall('HSET', k.templates, name, encodeTemplateBucket(bucket))
  end
end

-- The template's text: its tokens with <*> where a variable part stands (masking.ts: templateText).
local function templateText(tokens, gaps)
  local parts = {}
  for i, token in ipairs(tokens) do
    if gaps[i] then parts[#parts + 1] = TEMPLATE_WILDCARD end
    parts[#parts + 1] = token
  end
  if gaps[#tokens + 1] then parts[#parts + 1] = TEMPLATE_WILDCARD end
  return table.concat(parts, ' ')
end

local function withoutTemplate(bucket, id)
  local left = {}
  for _, t in ipairs(bucket) do
    if t.id ~= id then left[#left + 1] = t end
  end
  return left
end

-- Forgets the template seen least recently (seen values are clock ticks, so never tied); answers its id.
-- `bucket` is the message's own bucket, not yet written back: the forgotten template may be in it.
local function forgetLeastRecentlySeen(k, name, bucket)
  local id = rcall('ZRANGE', k.template_seen, 0, 0)[1]
  local gone = rcall('HGET', k.template_buckets, id)
  if gone == name then
    bucket = withoutTemplate(bucket, id)
  elseif gone then
    storeTemplateBucket(k, gone, withoutTemplate(cjson.decode(rcall('HGET', k.templates, gone) or '[]'), id))
  end
  rcall('ZREM', k.template_seen, id)
  rcall('HDEL', k.template_counts, id)
  rcall('HDEL', k.template_buckets, id)
  return id, bucket
end

-- Learns one prepared message in the tenant's state and answers its template.
local function learnFailureTemplate(k, message)
  local clock = rcall('INCR', k.template_clock)
  local stored = rcall('HGET', k.templates, message.bucket)
  local bucket = stored and cjson.decode(stored) or {}
  local at, tokens, change = placeInTemplateBucket(bucket, message.tokens, message.similarity_threshold)
  local forgotten = ''
  local template
  if change == 'created' then
    template = { id = message.id, tokens = tokens, gaps = message.gaps, created = clock }
    bucket[#bucket + 1] = template
    rcall('ZADD', k.template_seen, clock, message.id)
    rcall('HSET', k.template_counts, message.id, 1)
    rcall('HSET', k.template_buckets, message.id, message.bucket)
    if rcall('ZCARD', k.template_seen) > message.max_templates then
      forgotten, bucket = forgetLeastRecentlySeen(k, message.bucket, bucket)
    end
    storeTemplateBucket(k, message.bucket, bucket)
  else
    template = bucket[at]
    local gaps, widened = {}, false
    for i, gap in ipairs(template.gaps) do
      gaps[i] = gap or message.gaps[i] == true
      if gaps[i] ~= gap then widened = true end
    end
    if change == 'seen' and widened then change = 'generalised' end
    template.tokens, template.gaps = tokens, gaps
    rcall('ZADD', k.template_seen, clock, template.id)
    rcall('HINCRBY', k.template_counts, template.id, 1)
    -- A template that took the message as it is reads the same: its bucket need not be written again.
    if change ~= 'seen' then storeTemplateBucket(k, message.bucket, bucket) end
  end
  local text = templateText(template.tokens, template.gaps)
  if forgotten ~= '' then unindexTemplate(k, forgotten) end
  indexTemplate(k, template.id, text, change, message)
  local ttl = tonumber(message.ttl) or 0
  if renewalDue(k.template_clock, ttl) then
    renew({ k.templates, k.template_seen, k.template_counts, k.template_buckets, k.template_clock, k.recall_docs, k.recall_postings }, ttl)
  end
  return { id = template.id, template = text, change = change, forgotten = forgotten }
end
