-- Renewing a key's expiry costs a command, and most writes would renew what the write before renewed a
-- moment ago. Keys that live and die together are renewed as a group, judged by one of them that every
-- write of the group touches: when it has no expiry yet (just made, or kept forever before), when a
-- sixteenth of the retention has passed since it was last renewed, or, with retention 0, when it still
-- has an expiry. So data lives between 15/16 of its retention and all of it after its last write.
-- A key of the group made later than its first key is given its expiry by the write that makes it.

local function renewalDue(key, ttl)
  local left = rcall('PTTL', key)
  if ttl == 0 then return left ~= -1 end
  return left < 0 or left < ttl * 937.5
end

-- Gives each key of `keys` the retention `ttl` (seconds; 0 keeps it forever).
local function renew(keys, ttl)
  for _, key in ipairs(keys) do
    if ttl > 0 then rcall('EXPIRE', key, ttl) else rcall('PERSIST', key) end
  end
end
