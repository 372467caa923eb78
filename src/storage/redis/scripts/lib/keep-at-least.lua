-- Renews a key shared by writers of different retention (the tenant's efficacy report: tools and lessons
-- both count into it): it lives at least `ttl` seconds more, never less than another writer gave it; 0 keeps it forever.
local function keepAtLeast(key, ttl)
  if ttl == 0 then
    redis.call('PERSIST', key)
    return
  end
  local left = redis.call('TTL', key)
  -- -1: kept forever by a writer whose retention is 0; -2: the key does not exist (nothing to renew).
  if left ~= -1 and left ~= -2 and left < ttl then redis.call('EXPIRE', key, ttl) end
end
