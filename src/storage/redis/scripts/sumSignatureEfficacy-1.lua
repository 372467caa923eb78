-- Adds up the efficacy sums of every live failure signature of a tenant (read only).
-- KEYS[1] signatures zset (signature → minus its occurrences)
-- ARGV[1] the prefix of every signature's keys
-- Every signature key shares KEYS[1]'s hash tag {tenant:shared}, so the keys read by name below sit
-- in the same cluster slot as the declared one.
-- Returns the six sums, in the order of lib/efficacy-sums.lua, as text: the client reads large
-- integer replies inexactly.
local rcall = redis.call

-- @include lib/efficacy-sums.lua

local totals = { 0, 0, 0, 0, 0, 0 }
-- Live as listSignatures sees it: a signature whose own hash expired is left out (and not pruned here).
for _, signature in ipairs(rcall('ZRANGE', KEYS[1], 0, -1)) do
  if rcall('HEXISTS', ARGV[1] .. 'sig:' .. signature, 'info') == 1 then
    for i, sum in ipairs(efficacySums(ARGV[1], signature)) do
      if sum then totals[i] = totals[i] + tonumber(sum) end
    end
  end
end
for i, total in ipairs(totals) do totals[i] = string.format('%d', total) end
return totals
