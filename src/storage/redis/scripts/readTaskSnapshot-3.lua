-- Reads a task's kept lessons, its failure signatures and its resolution in one call (a read; it writes nothing).
-- KEYS[1] lessons list   KEYS[2] signatures hash   KEYS[3] resolution hash
-- ARGV[1] how many of the newest lessons (0: all)
-- Returns { lesson JSON list (oldest first), signatures as a flat signature/JSON list, resolution JSON or false }.
-- One script rather than MULTI with three commands: fewer commands for the client to build and parse.
local rcall = redis.call
local newest = tonumber(ARGV[1])
local lessons = rcall('LRANGE', KEYS[1], newest > 0 and -newest or 0, -1)
return { lessons, rcall('HGETALL', KEYS[2]), rcall('HGET', KEYS[3], 'doc') }
