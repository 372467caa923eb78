-- What a listing shows of one task or one session, read from its own keys.
-- A task: { counters (a flat hash), error_type (of the newest kept lesson, '' for none), resolved, repaired (whether
--           that lesson had to be repaired to be read) }.
-- A session: { meta (a flat hash), kept (calls), tools (tracked) }.

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
  return { counters = rcall('HGETALL', counters), error_type = errorType, resolved = rcall('HEXISTS', resolution, 'doc') == 1,
    repaired = repaired == 1 }
end

-- What a session listing shows of one session: its meta hash, the calls its log keeps, the tools it tracks.
local function sessionSummary(meta, log, tools)
  return { meta = rcall('HGETALL', meta), kept = rcall('LLEN', log), tools = rcall('ZCARD', tools) }
end
