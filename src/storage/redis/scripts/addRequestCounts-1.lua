-- Adds each subject's requests to its count in one rate-limit window and answers the new totals.
-- KEYS[1] window hash (subject → requests every replica counted in this window)
-- ARGV[1] milliseconds the hash lives (until a little after the window ends)
-- ARGV[2], ARGV[3], ... subject, requests, subject, requests, ...
-- Returns the totals in the order the subjects were given.
local rcall = redis.call
local totals = {}
for i = 2, #ARGV, 2 do
  totals[#totals + 1] = rcall('HINCRBY', KEYS[1], ARGV[i], ARGV[i + 1])
end
rcall('PEXPIRE', KEYS[1], ARGV[1])
return totals
