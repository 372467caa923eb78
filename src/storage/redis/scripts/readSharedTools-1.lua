-- Reads what the tenant knows of some tools, each a hash of counts, its argument and error fields and its fix sets
-- (lib/learn-tool-call.lua), with how many sessions called it: one script, where a MULTI would be six
-- commands per tool and go out apart from the other reads of the same request.
-- KEYS[1] the tenant's tools index (it routes the script to the tenant's slot, which holds every key read)
-- ARGV[1] the input as JSON: root (what the tenant's keys start with, keys.ts: shared.prefix), tools (their names)
-- Returns JSON: { tools = { { tool, args, errors, fix_sets, fix_slots (each a hash, flat), sessions }, ... } }, in the
-- order asked; a tool the tenant does not know has an empty tool hash.
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local root = input.root
local out = {}
for _, tool in ipairs(input.tools) do
  out[#out + 1] = { tool = rcall('HGETALL', root .. 'tool:' .. tool), args = rcall('HGETALL', root .. 'toolargs:' .. tool),
    errors = rcall('HGETALL', root .. 'toolerrors:' .. tool), sessions = rcall('PFCOUNT', root .. 'seen:' .. tool),
    fix_sets = rcall('HGETALL', root .. 'toolfixes:' .. tool), fix_slots = rcall('HGETALL', root .. 'toolfixslots:' .. tool) }
end
return cjson.encode({ tools = out })
