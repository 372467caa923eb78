-- Reads what the tenant knows of some tools, each a hash of counts, its argument and error fields and its fix sets
-- (lib/learn-tool-call.lua), with how many sessions called it: one script, where a MULTI would be four
-- commands per tool and go out apart from the other reads of the same request.
-- KEYS[1] the tenant's tools index (it routes the script to the tenant's slot, which holds every key read)
-- ARGV[1] what the tenant's keys start with (keys.ts: shared.prefix)   ARGV[2..] the tool names
-- Returns per tool, in the order asked: { tool hash, argument fields, error fields, sessions seen, fix sets, the fixes'
-- offer counts }, hashes flat; a tool the tenant does not know has an empty tool hash.
local rcall = redis.call
local root = ARGV[1]
local out = {}
for i = 2, #ARGV do
  local tool = ARGV[i]
  out[#out + 1] = { rcall('HGETALL', root .. 'tool:' .. tool), rcall('HGETALL', root .. 'toolargs:' .. tool),
    rcall('HGETALL', root .. 'toolerrors:' .. tool), rcall('PFCOUNT', root .. 'seen:' .. tool), rcall('HGETALL', root .. 'toolfixes:' .. tool),
    rcall('HGETALL', root .. 'toolfixslots:' .. tool) }
end
return out
