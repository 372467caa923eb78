-- Frees an idempotency key whose first request failed, so that a retry runs the request again.
-- KEYS[1] idempotency hash
-- ARGV[1] request fingerprint
-- Returns 1 when freed, 0 when the key was completed, gone or another request's.
local rcall = redis.call
local found = rcall('HMGET', KEYS[1], 'fingerprint', 'state')
if found[1] ~= ARGV[1] or found[2] ~= 'in-flight' then return 0 end
rcall('DEL', KEYS[1])
return 1
