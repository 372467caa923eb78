-- Reads what a change of a task's links is decided on (resolution-links.ts): the links last applied, and the task's
-- record under each signature they or the input name, in one command (a read; it writes nothing).
-- KEYS[1] the task's links hash (version, signatures: JSON list linked)
-- ARGV[1] the input as JSON: prefix (of every signature's keys), task, signatures (those the change names)
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit in its slot.
-- Returns JSON: { version (absent: none), signatures (the list linked, JSON, absent: none), records = { signature →
--   { offered, contribution } ('' for a field not kept) } }.
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local links = rcall('HMGET', KEYS[1], 'version', 'signatures')
local records = {}
local function read(signature)
  if records[signature] then return end
  local fields = rcall('HMGET', input.prefix .. 'efficacy:' .. signature, 'o:' .. input.task, 'r:' .. input.task)
  records[signature] = { offered = fields[1] or '', contribution = fields[2] or '' }
end
for _, signature in ipairs(input.signatures) do read(signature) end
if links[2] then
  for _, signature in ipairs(cjson.decode(links[2])) do read(signature) end
end
return cjson.encode({ version = links[1] or nil, signatures = links[2] or nil, records = records })
