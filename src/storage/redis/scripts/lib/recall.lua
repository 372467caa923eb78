-- The recall index, rule for rule as storage/memory/recall-index.ts and domain/recall/ranking.ts, over two hashes
-- in the tenant's slot. lib/template-miner.lua writes it in the step that learns a template; recallTemplates reads it.
--
-- k.recall_docs (hash): `w:<id>` → the template's terms (JSON list), `n:<id>` → how many, `t:<id>` → its text,
-- `u:<id>` → its uses (JSON list, most recent first, each {kind, tool, error_type, count, last_seen, refs}),
-- `docs` → templates indexed, `terms` → their terms added up.
-- k.recall_postings (hash): term → ' <id> <id>…', the templates indexed by it in the order they were indexed
-- (lib/recall-layout.lua). Needs lib/recall-layout.lua.

-- Indexes the message's template: its text (when it changed or is new here), the message's terms it lacks while it
-- has room (message.terms, best first; message.max_terms), and the message's use (message.use, if any).
local function indexTemplate(k, id, text, change, message)
  local stored = rcall('HGET', k.recall_docs, 'w:' .. id)
  if not stored then rcall('HINCRBY', k.recall_docs, 'docs', 1) end
  if not stored or change ~= 'seen' then rcall('HSET', k.recall_docs, 't:' .. id, text) end
  local terms = stored and cjson.decode(stored) or {}
  if #terms < message.max_terms then
    local have, added = {}, 0
    for _, term in ipairs(terms) do have[term] = true end
    for _, term in ipairs(message.terms) do
      if #terms >= message.max_terms then break end
      if not have[term] then
        have[term] = true
        terms[#terms + 1] = term
        added = added + 1
        rcall('HSET', k.recall_postings, term, (rcall('HGET', k.recall_postings, term) or '') .. ' ' .. id)
      end
    end
    if added > 0 or not stored then
      rcall('HSET', k.recall_docs, 'w:' .. id, recallJsonList(terms), 'n:' .. id, #terms)
      if added > 0 then rcall('HINCRBY', k.recall_docs, 'terms', added) end
    end
  end
  local use = message.use
  if type(use) ~= 'table' then return end
  -- countUse (domain/recall/ranking.ts): the use counted, stamped and moved first, its ref first among its refs.
  local uses = cjson.decode(rcall('HGET', k.recall_docs, 'u:' .. id) or '[]')
  local before
  local kept = {}
  for _, other in ipairs(uses) do
    if other.kind == use.kind and other.tool == use.tool and other.error_type == use.error_type then before = other
    else kept[#kept + 1] = other end
  end
  local refs = { use.ref }
  for _, ref in ipairs(before and before.refs or {}) do
    if #refs >= message.max_refs then break end
    if ref ~= use.ref then refs[#refs + 1] = ref end
  end
  local list = { { kind = use.kind, tool = use.tool, error_type = use.error_type, count = (before and before.count or 0) + 1, last_seen = use.at, refs = refs } }
  for _, other in ipairs(kept) do
    if #list >= message.max_uses then break end
    list[#list + 1] = other
  end
  rcall('HSET', k.recall_docs, 'u:' .. id, cjson.encode(list))
end

-- Drops a forgotten template from the index.
local function unindexTemplate(k, id)
  local stored = rcall('HGET', k.recall_docs, 'w:' .. id)
  if not stored then return end
  local terms = cjson.decode(stored)
  for _, term in ipairs(terms) do
    local ids = rcall('HGET', k.recall_postings, term)
    if ids then
      local from, to = string.find(ids, ' ' .. id, 1, true)
      if from then ids = string.sub(ids, 1, from - 1) .. string.sub(ids, to + 1) end
      if ids == '' then rcall('HDEL', k.recall_postings, term) else rcall('HSET', k.recall_postings, term, ids) end
    end
  end
  rcall('HINCRBY', k.recall_docs, 'docs', -1)
  -- Not -#terms: Redis reads the number -0 as '-0', which HINCRBY refuses.
  if #terms > 0 then rcall('HINCRBY', k.recall_docs, 'terms', 0 - #terms) end
  rcall('HDEL', k.recall_docs, 'w:' .. id, 'n:' .. id, 't:' .. id, 'u:' .. id)
end
