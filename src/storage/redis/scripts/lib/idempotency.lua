-- An idempotency record beside the data it protects: the request's fingerprint, then what a replay
-- needs besides the request itself, one field per line. Every field is text without a newline.

-- The fields the key's first write kept ({} when the key is new or the write has no fingerprint),
-- or false when the key was first used for a request with another fingerprint.
local function keptForKey(recordKey, fingerprint)
  if fingerprint == '' then return {} end
  local record = rcall('GET', recordKey)
  if not record then return {} end
  local fields = {}
  for line in string.gmatch(record .. '\n', '([^\n]*)\n') do fields[#fields + 1] = line end
  if fields[1] ~= fingerprint then return false end
  table.remove(fields, 1)
  return fields
end

-- Keeps the record of a write just applied, for `ttl` seconds (nothing without a fingerprint).
local function keepForKey(recordKey, fingerprint, fields, ttl)
  if fingerprint == '' then return end
  rcall('SET', recordKey, fingerprint .. '\n' .. table.concat(fields, '\n'), 'EX', ttl)
end
