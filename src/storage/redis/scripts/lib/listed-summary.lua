-- What a listing shows of one task or one session, read from its own keys.
-- A task: { counters as a flat hash, error type of the newest kept lesson or '', 1 when resolved else 0,
--           1 when that lesson had to be repaired to be read else 0 }.
-- A session: { meta as a flat hash, calls kept, tools tracked }.

-- A lesson stored before lone surrogates were refused holds an escape such as \ud800, which cjson
-- will not decode: such a lesson is read with each surrogate escape as U+FFFD, so that one bad
-- record never fails the whole page.
local function decodeRepairing(raw)
  local ok, value = pcall(cjson.decode, raw)
  if ok then return value, 0 end
  return cjson.decode((string.gsub(raw, '\\u[dD][89a-fA-F]%x%x', '\\ufffd'))), 1
end

local function taskSummary(lessons, counters, resolution)
  local newest = rcall('LINDEX', lessons, -1)
  local errorType, repaired = '', 0
  if newest then
    local lesson
    lesson, repaired = decodeRepairing(newest)
    errorType = lesson.error_type
  end
  return { rcall('HGETALL', counters), errorType, rcall('HEXISTS', resolution, 'doc'), repaired }
end

-- What a session listing shows of one session: its meta hash, the calls its log keeps, the tools it tracks.
local function sessionSummary(meta, log, tools)
  return { rcall('HGETALL', meta), rcall('LLEN', log), rcall('ZCARD', tools) }
end
