-- The tenant's templates that match a query, best first, rule for rule as domain/recall/ranking.ts's rankTemplates and
-- storage/memory/recall-index.ts's recallFrom: the template the query's tokens would be placed in first, then BM25 over
-- the terms lib/recall.lua indexed, then by id; one entry per use that passes the filters, at most `limit`.
-- KEYS the tenant's template buckets (`templates`) and its two recall keys, named in order by the input's `keys` (recall.ts)
-- ARGV[1] the input as JSON: {keys, placements (each {bucket, tokens}), similarity_threshold, terms, kind, tool, error_type ('' for any),
--   limit, k1, b, budget, rescored}
-- Returns JSON: a list of {id, template, score, same_template, terms, use}.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/recall-layout.lua
-- @include lib/template-placement.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)

-- The template the query would be placed in: its readings in turn, the first a template takes, if that template is indexed
-- (an older one may not be yet).
local known = nil
for _, placement in ipairs(input.placements) do
  local stored = rcall('HGET', k.templates, placement.bucket)
  if stored then
    local bucket = cjson.decode(stored)
    local at, _, change = placeInTemplateBucket(bucket, placement.tokens, input.similarity_threshold)
    if change ~= 'created' then
      if rcall('HEXISTS', k.recall_docs, 'w:' .. bucket[at].id) == 1 then known = bucket[at].id end
      break
    end
  end
end

local stats = rcall('HMGET', k.recall_docs, 'docs', 'terms')
local templates = tonumber(stats[1]) or 0
local meanLength = templates > 0 and (tonumber(stats[2]) or 0) / templates or 0

-- Terms rarest first, read until the budget of postings is spent.
local lists = {}
if #input.terms > 0 then
  local postings = rcall('HMGET', k.recall_postings, unpack(input.terms))
  for i, ids in ipairs(postings) do
    ids = ids or ''
    lists[#lists + 1] = { i = i, ids = ids, count = #ids / RECALL_ID_WIDTH }
  end
end
table.sort(lists, function(a, b)
  if a.count ~= b.count then return a.count < b.count end
  return a.i < b.i
end)

local function rounded(score) return math.floor(score * 1e6 + 0.5) / 1e6 end

local weight, matched, idf, order = {}, {}, {}, {}
local budget = input.budget
for _, list in ipairs(lists) do
  if list.count > 0 and list.count <= budget then
    budget = budget - list.count
    idf[list.i] = math.log(1 + (templates - list.count + 0.5) / (list.count + 0.5))
    for id in string.gmatch(list.ids, '%x+') do
      if weight[id] then
        weight[id] = weight[id] + idf[list.i]
        local m = matched[id]
        m[#m + 1] = list.i
      else
        weight[id] = idf[list.i]
        matched[id] = { list.i }
        order[#order + 1] = id
      end
    end
  end
end
table.sort(order, function(a, b)
  local wa, wb = rounded(weight[a]), rounded(weight[b])
  if wa ~= wb then return wa > wb end
  return a < b
end)

local chosen, isChosen = {}, {}
for i = 1, math.min(#order, input.rescored) do
  chosen[i] = order[i]
  isChosen[order[i]] = true
end
if known and not isChosen[known] then chosen[#chosen + 1] = known end

local ranked = {}
if #chosen > 0 then
  local fields = {}
  for i, id in ipairs(chosen) do fields[i] = 'n:' .. id end
  local lengths = rcall('HMGET', k.recall_docs, unpack(fields))
  for i, id in ipairs(chosen) do
    local length = tonumber(lengths[i]) or 0
    local mine = matched[id] or {}
    table.sort(mine)
    local norm = 1 - input.b + input.b * length / (meanLength > 0 and meanLength or 1)
    local score = 0
    local terms = {}
    for j, t in ipairs(mine) do
      score = score + idf[t] * (input.k1 + 1) / (1 + input.k1 * norm)
      terms[j] = input.terms[t]
    end
    ranked[#ranked + 1] = { id = id, score = rounded(score), same = id == known, terms = terms }
  end
end
table.sort(ranked, function(a, b)
  if a.same ~= b.same then return a.same end
  if a.score ~= b.score then return a.score > b.score end
  return a.id < b.id
end)

local function wanted(use)
  return (input.kind == '' or use.kind == input.kind) and (input.tool == '' or use.tool == input.tool) and
    (input.error_type == '' or use.error_type == input.error_type)
end

local matches = {}
for _, r in ipairs(ranked) do
  if #matches >= input.limit then break end
  local doc = rcall('HMGET', k.recall_docs, 'u:' .. r.id, 't:' .. r.id)
  for _, use in ipairs(cjson.decode(doc[1] or '[]')) do
    if #matches >= input.limit then break end
    if wanted(use) then
      matches[#matches + 1] = '{"id":' .. cjson.encode(r.id) .. ',"template":' .. cjson.encode(doc[2] or '') .. ',"score":' ..
        string.format('%.6f', r.score) .. ',"same_template":' .. tostring(r.same) .. ',"terms":' .. recallJsonList(r.terms) ..
        ',"use":' .. cjson.encode(use) .. '}'
    end
  end
end
return '[' .. table.concat(matches, ',') .. ']'
