-- Reads a task's kept lessons, its failure signatures and its resolution in one call (a read; it writes nothing).
-- KEYS[1] lessons list   KEYS[2] signatures hash   KEYS[3] resolution hash
-- ARGV[1] the input as JSON: newest (how many of the newest lessons, 0: all)
-- Returns JSON: { lessons (their JSON, oldest first), signatures (signature, JSON, ... flat), resolution (JSON; absent for
-- none) }.
-- One script rather than MULTI with three commands: fewer commands for the client to build and parse.
local rcall = redis.call
local newest = cjson.decode(ARGV[1]).newest
local lessons = rcall('LRANGE', KEYS[1], newest > 0 and -newest or 0, -1)
return cjson.encode({ lessons = lessons, signatures = rcall('HGETALL', KEYS[2]), resolution = rcall('HGET', KEYS[3], 'doc') or nil })
