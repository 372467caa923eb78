-- Drops entries of a listing whose data is gone, from its time and id indexes, unless a write listed
-- them again since they were read.
-- KEYS[1] the listing index (id → ms)   KEYS[2] its id index (score 0)
-- ARGV pairs: id, the time (ms) it was read with (-1: it was found in the id index only)
-- Returns how many were dropped.
local rcall = redis.call
local dropped = 0
for i = 1, #ARGV, 2 do
  local score = rcall('ZSCORE', KEYS[1], ARGV[i])
  -- Gone from the listing index: nothing listed it again, and the id index must let it go too.
  if not score or tonumber(score) == tonumber(ARGV[i + 1]) then
    rcall('ZREM', KEYS[1], ARGV[i])
    dropped = dropped + rcall('ZREM', KEYS[2], ARGV[i])
  end
end
return dropped
