-- Drops entries of a listing whose data is gone, from its time and id indexes, unless a write listed
-- them again since they were read.
-- KEYS[1] the listing index (id → ms)   KEYS[2] its id index (score 0)
-- ARGV[1] the input as JSON: entries, { { id, at (the time in ms it was read with; -1: found in the id index only) }, ... }
-- Returns JSON: { dropped = how many }.
local rcall = redis.call
local dropped = 0
for _, entry in ipairs(cjson.decode(ARGV[1]).entries) do
  local score = rcall('ZSCORE', KEYS[1], entry.id)
  -- Gone from the listing index: nothing listed it again, and the id index must let it go too.
  if not score or tonumber(score) == entry.at then
    rcall('ZREM', KEYS[1], entry.id)
    dropped = dropped + rcall('ZREM', KEYS[2], entry.id)
  end
end
return cjson.encode({ dropped = dropped })
