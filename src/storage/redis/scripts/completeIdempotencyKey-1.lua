-- Keeps the response of the request that claimed an idempotency key, for replay to its retries.
-- KEYS[1] idempotency hash
-- ARGV[1] request fingerprint   ARGV[2] response JSON   ARGV[3] seconds to keep it
-- Returns 1 when stored, 0 when the claim is gone or belongs to another request.
local rcall = redis.call
if rcall('HGET', KEYS[1], 'fingerprint') ~= ARGV[1] then return 0 end
rcall('HSET', KEYS[1], 'state', 'completed', 'response', ARGV[2])
rcall('EXPIRE', KEYS[1], ARGV[3])
return 1
