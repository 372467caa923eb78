-- Appends one lesson to a task (lib/append-lesson.lua), atomically; with an idempotency key, at most once per key.
-- KEYS the task's lessons, counters, signatures and resolution keys and the key's record, named in order by the input's `keys`
-- ARGV[1] the input as JSON: lib/append-lesson.lua's, with `keys`   ARGV[2] the lesson's JSON (apart, so it is not escaped twice)
-- Returns lib/append-lesson.lua's answer as JSON.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/append-lesson.lua

local input = cjson.decode(ARGV[1])
return cjson.encode(appendLesson(namedKeys(input.keys, 1), input, ARGV[2]))
