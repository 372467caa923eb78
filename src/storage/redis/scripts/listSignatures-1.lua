-- Lists a tenant's most recurring failure signatures, skipping and pruning those whose keys expired.
-- KEYS[1] signatures zset (signature → minus its occurrences)
-- ARGV[1] the input as JSON: limit (how many to list), prefix (of every signature's keys), sum_fields (the efficacy
--   sums to read, domain/lessons/efficacy.ts: SUM_FIELDS)
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit in the same cluster
-- slot as the declared one.
-- Returns JSON: { signatures = { { signature, info (JSON), occurrences, tasks, resolved_tasks, latest_task and
--   latest_fix (its { approach, resolved_at } JSON; both absent for none), sums (field → value; absent: never counted) },
--   ... } }.
local rcall = redis.call

-- @include lib/list-live.lua

local input = cjson.decode(ARGV[1])
local prefix = input.prefix
local listed = listLive(KEYS[1], input.limit, function(signature)
  local row = rcall('HMGET', prefix .. 'sig:' .. signature, 'info', 'occurrences')
  return row[1] and row or nil
end, function(out, signature, row)
  local latest = rcall('ZREVRANGE', prefix .. 'fixes:' .. signature, 0, 0)[1]
  local doc = latest and rcall('HGET', prefix .. 'approaches:' .. signature, latest)
  local values = rcall('HMGET', prefix .. 'efficacy:' .. signature, unpack(input.sum_fields))
  local sums = {}
  for i, field in ipairs(input.sum_fields) do sums[field] = values[i] or nil end
  out[#out + 1] = {
    signature = signature, info = row[1], occurrences = tonumber(row[2]),
    tasks = rcall('PFCOUNT', prefix .. 'tasks:' .. signature), resolved_tasks = rcall('ZCARD', prefix .. 'fixes:' .. signature),
    latest_task = doc and latest or nil, latest_fix = doc or nil, sums = sums,
  }
end)
return cjson.encode({ signatures = listed })
