-- Adds each subject's requests to its count in one rate-limit window and answers the new totals.
-- KEYS[1] window hash (subject → requests every replica counted in this window)
-- ARGV[1] the input as JSON: ttl_ms (how long the hash lives: until a little after the window ends), counts ({ { subject,
--   requests }, ... })
-- Returns JSON: { totals = { each subject's new total, in the order given } }.
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local totals = {}
for _, count in ipairs(input.counts) do
  totals[#totals + 1] = rcall('HINCRBY', KEYS[1], count.subject, count.requests)
end
rcall('PEXPIRE', KEYS[1], input.ttl_ms)
return cjson.encode({ totals = totals })
