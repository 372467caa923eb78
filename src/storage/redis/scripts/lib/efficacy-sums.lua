-- The efficacy sums of one failure signature, as relinkResolution and countSignature keep them.

-- The field order of SignatureEfficacySums (src/domain/lessons/efficacy.ts SUM_FIELDS).
local EFFICACY_FIELDS = { 'tasks_offered', 'tasks_resolved_after_offer', 'tasks_resolved_without_offer',
  'attempts_with_offer_sum', 'attempts_without_offer_sum', 'attempts_after_offer_sum' }

-- The six sums of the signature's efficacy hash, in that order; false for each one never counted.
local function efficacySums(prefix, signature)
  return redis.call('HMGET', prefix .. 'efficacy:' .. signature, unpack(EFFICACY_FIELDS))
end
