-- Reads the tenant's efficacy report in one go: the running totals and the best and worst fixes, with
-- what the report shows of each (kept up to date by lib/learn-tool-call.lua, countSignature and relinkResolution).
-- KEYS[1] totals hash   KEYS[2] best fixes zset   KEYS[3] worst fixes zset   KEYS[4] ranked fixes hash
-- ARGV[1] the input as JSON: listed (fixes listed of each kind), tool_root (what a tool's knowledge key starts with, up
--   to its name), slots_root (what a tool's fix slots key starts with, up to its name), member_name (the slot's member
--   field's name), count_names (the offer counts' names)
-- A fix whose tool's knowledge expired (or was forgotten), or whose slot lists another member now (its error type was
-- forgotten, or its fix and another took the slot), is left out of the page and dropped from the indexes as it is
-- met, so a page reads at most a few fixes more than it lists.
-- Returns JSON: { totals (a flat hash), best = { { member, fix, counts (name → value; absent for none) }, ... }, worst },
-- a fix's offer counts as its slot keeps them (tool-fix-texts.ts: slotField).
local rcall = redis.call
local input = cjson.decode(ARGV[1])
local listed, toolRoot, slotsRoot, memberName, countNames = input.listed, input.tool_root, input.slots_root, input.member_name, input.count_names

-- The offer counts of the slot the entry names, or nil when the slot lists another member, or the entry names none (it
-- cannot be read: left out, rather than failing the tenant's whole report).
local function offerCounts(member, tool, errorType, fix)
  local slot = cjson.decode(fix).slot
  if slot == nil then return nil end
  local fields = {}
  for i, name in ipairs(countNames) do fields[i] = slot .. ':' .. name .. ':' .. errorType end
  fields[#fields + 1] = slot .. ':' .. memberName .. ':' .. errorType
  local values = rcall('HMGET', slotsRoot .. tool, unpack(fields))
  if values[#values] ~= member then return nil end
  local counts = {}
  for i, name in ipairs(countNames) do counts[name] = values[i] or nil end
  return counts
end

local function page(key, reversed)
  local out, from = {}, 0
  while #out < listed do
    local members = reversed and rcall('ZREVRANGE', key, from, from + listed - 1) or rcall('ZRANGE', key, from, from + listed - 1)
    if #members == 0 then break end
    for _, member in ipairs(members) do
      local fix = rcall('HGET', KEYS[4], member)
      local named = cjson.decode(member)
      local tool = named[1]
      local counts = fix and rcall('EXISTS', toolRoot .. tool) == 1 and offerCounts(member, tool, named[2], fix)
      if counts then
        if #out < listed then out[#out + 1] = { member = member, fix = fix, counts = counts } end
      else
        rcall('ZREM', KEYS[2], member)
        rcall('ZREM', KEYS[3], member)
        rcall('HDEL', KEYS[4], member)
        from = from - 1
      end
    end
    from = from + #members
  end
  return out
end


return cjson.encode({ totals = rcall('HGETALL', KEYS[1]), best = page(KEYS[2], true), worst = page(KEYS[3], false) })
