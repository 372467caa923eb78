-- Where a message's tokens go in its bucket, rule for rule as domain/failures/templates.ts's placeInBucket: read by
-- lib/template-miner.lua to learn a message, and by recallTemplates to find a query's template without learning it.

local TEMPLATE_WILDCARD = '<*>'

-- Whether the template holds every token of the message in place, or a wildcard there.
local function templateCovers(template, tokens)
  for i = 1, #tokens do
    if template[i] ~= TEMPLATE_WILDCARD and template[i] ~= tokens[i] then return false end
  end
  return true
end

-- Whether some message would be covered by both templates.
local function templatesOverlap(a, b)
  for i = 1, #a do
    if a[i] ~= TEMPLATE_WILDCARD and b[i] ~= TEMPLATE_WILDCARD and a[i] ~= b[i] then return false end
  end
  return true
end

-- The share of the template's constant tokens that the message holds in place.
local function templateSimilarity(template, tokens)
  local constants, same = 0, 0
  for i = 1, #tokens do
    if template[i] ~= TEMPLATE_WILDCARD then
      constants = constants + 1
      if template[i] == tokens[i] then same = same + 1 end
    end
  end
  if constants == 0 then return 1 end
  return same / constants
end

-- Where the tokens go in the bucket (placeInBucket): the template's place in it (nil for a new one), its
-- tokens after taking them, and the change.
local function placeInTemplateBucket(bucket, tokens, threshold)
  for i, template in ipairs(bucket) do
    if templateCovers(template.tokens, tokens) then return i, template.tokens, 'seen' end
  end
  local best, bestScore = nil, threshold
  for i, template in ipairs(bucket) do
    local score = templateSimilarity(template.tokens, tokens)
    if score > bestScore or (score == bestScore and best == nil) then best, bestScore = i, score end
  end
  if best then
    local general = {}
    for i, token in ipairs(bucket[best].tokens) do
      general[i] = token == tokens[i] and token or TEMPLATE_WILDCARD
    end
    -- Not when it would cover a younger template's message: that message's id would move.
    local swallows = false
    for j = best + 1, #bucket do
      if templatesOverlap(general, bucket[j].tokens) then
        swallows = true
        break
      end
    end
    if not swallows then return best, general, 'generalised' end
  end
  return nil, tokens, 'created'
end
