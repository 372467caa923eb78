-- Reads what a resolution is decided on: the task's failure signatures and its capture count (every capture moves it),
-- in one command where a MULTI would be four (a read; it writes nothing).
-- KEYS[1] counters hash   KEYS[2] signatures hash (<signature> → JSON of that failure's occurrences)
-- Returns JSON: { captured (absent for a task that captured nothing), signatures (signature, JSON, ... flat) }.
local rcall = redis.call
return cjson.encode({ captured = rcall('HGET', KEYS[1], 'captured') or nil, signatures = rcall('HGETALL', KEYS[2]) })
