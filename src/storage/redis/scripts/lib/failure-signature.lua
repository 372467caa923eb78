-- A failure's signature as signature.ts makes it (templateSignature): the first 16 hex characters of SHA-256 over
-- its error type and template id. Hashing costs about 35 µs in Lua, so each pair's signature is kept in the
-- tenant's cache (keys.ts: templateSignatures), cleared whole once it holds `max` pairs: it is a pure function of
-- the pair, so a cleared or expired cache only costs hashing again. Needs lib/sha256.lua.
local function failureSignature(cacheKey, errorType, templateId, max, ttl)
  local pair = templateId .. '\n' .. errorType
  local kept = rcall('HGET', cacheKey, pair)
  if kept then return kept end
  local signature = string.sub(sha256hex(errorType .. '\n' .. templateId), 1, 16)
  if rcall('HLEN', cacheKey) >= max then rcall('DEL', cacheKey) end
  rcall('HSET', cacheKey, pair, signature)
  if ttl > 0 then rcall('EXPIRE', cacheKey, ttl) end
  return signature
end
