-- Reads what the tenant knows of some tools: each one's state and how many sessions called it. One
-- script, where a MULTI would be two commands per tool and two more, and go out apart from the
-- other reads of the same request.
-- KEYS[1] the tenant's tools index (it routes the script to the tenant's slot, which holds every key read)
-- ARGV[1] what a tool's hash key is before its name   ARGV[2] what its sessions' HyperLogLog is   ARGV[3..] the tool names
-- Returns { state JSON or false, sessions seen, ... } per tool, in the order asked.
local rcall = redis.call
local toolPrefix, seenPrefix = ARGV[1], ARGV[2]
local out = {}
for i = 3, #ARGV do
  out[#out + 1] = rcall('HGET', toolPrefix .. ARGV[i], 'state')
  out[#out + 1] = rcall('PFCOUNT', seenPrefix .. ARGV[i])
end
return out
