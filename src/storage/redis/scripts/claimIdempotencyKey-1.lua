-- Claims an idempotency key for one request, or tells why it cannot be claimed.
-- KEYS[1] idempotency hash (fingerprint, state, response)
-- ARGV[1] request fingerprint   ARGV[2] lock milliseconds while the first request runs
-- Returns {'claimed'} | {'mismatch'} | {'in-flight'} | {'completed', response JSON}.
local rcall = redis.call
local fingerprint = rcall('HGET', KEYS[1], 'fingerprint')
if not fingerprint then
  rcall('HSET', KEYS[1], 'fingerprint', ARGV[1], 'state', 'in-flight')
  rcall('PEXPIRE', KEYS[1], ARGV[2])
  return { 'claimed' }
end
if fingerprint ~= ARGV[1] then return { 'mismatch' } end
local found = rcall('HMGET', KEYS[1], 'state', 'response')
if found[1] ~= 'completed' then return { 'in-flight' } end
return { 'completed', found[2] }
