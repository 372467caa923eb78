-- Records one tool call of a session (lib/record-tool-call.lua), atomically; with an idempotency key, at
-- most once per key. A Redis Cluster keeps the tenant's knowledge in another slot: learnToolCall follows.
-- KEYS the session's keys, named in order by the input's `keys` (tool-call-scripts.ts: sessionKeyNames)
-- ARGV[1] the input as JSON: lib/record-tool-call.lua's, with `keys` and `root`
-- Returns the answer as JSON (lib/record-tool-call.lua).
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/call-arguments.lua
-- @include lib/renewal.lua
-- @include lib/seen-at.lua
-- @include lib/session-window.lua
-- @include lib/record-tool-call.lua

local input = cjson.decode(ARGV[1])
local k = namedKeys(input.keys, 1)
k.root = input.root
return cjson.encode(recordToolCall(k, input))
