-- What a listing shows of one task or one session, read from its own keys.
-- A task: { counters as a flat hash, error type of the newest kept lesson or '', 1 when resolved else 0 }.
-- A session: { meta as a flat hash, calls kept, tools tracked }.
local function taskSummary(lessons, counters, resolution)
  local newest = rcall('LINDEX', lessons, -1)
  local errorType = ''
  if newest then errorType = cjson.decode(newest).error_type end
  return { rcall('HGETALL', counters), errorType, rcall('HEXISTS', resolution, 'doc') }
end

local function sessionSummary(meta, log, patterns)
  return { rcall('HGETALL', meta), rcall('LLEN', log), rcall('HLEN', patterns) }
end
