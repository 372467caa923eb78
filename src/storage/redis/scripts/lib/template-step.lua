-- A failure's template step (learnTemplate-8.lua, and the one-script captures of a single server): the message
-- learned in the tenant's templates (lib/template-miner.lua), once per keyed write. Needs lib/idempotency.lua and
-- lib/template-miner.lua with its own needs.
-- Answers lib/template-miner.lua's answer with `outcome` applied, or replayed from the key's record (a retry
-- learns nothing), or { outcome = 'mismatch' } for a key first used for another request.
local function templateStep(keys, input)
  local kept = keptForKey(keys.record, input.fingerprint)
  if kept == false then return { outcome = 'mismatch' } end
  if kept[1] then
    return { outcome = 'replayed', id = kept[1], template = kept[2] or '', change = 'seen', forgotten = '' }
  end
  local answer = learnFailureTemplate(keys, input)
  keepForKey(keys.record, input.fingerprint, { answer.id, answer.template }, input.record_ttl)
  answer.outcome = 'applied'
  return answer
end
