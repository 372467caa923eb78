-- Drops entries of a listing whose data is gone, unless a write listed them again since they were read.
-- KEYS[1] the listing index   ARGV pairs: id, the time (ms) it was read with
-- Returns how many were dropped.
local rcall = redis.call
local dropped = 0
for i = 1, #ARGV, 2 do
  local score = rcall('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) == tonumber(ARGV[i + 1]) then
    rcall('ZREM', KEYS[1], ARGV[i])
    dropped = dropped + 1
  end
end
return dropped
