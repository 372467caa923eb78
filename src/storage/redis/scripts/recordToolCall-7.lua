-- Records one tool call of a session: id, fix link, counters, the tool's pattern and trimming,
-- atomically; with an idempotency key, at most once per key.
-- KEYS[1] meta hash      (allocated, success, failure, fixes, created_at, updated_at)
-- KEYS[2] log list       (call ids, oldest first)
-- KEYS[3] calls hash     (e:<id> entry JSON, m:<id> fix-detection facts, f:<id> id of the fixing call)
-- KEYS[4] patterns hash  (<tool> pattern state JSON)
-- KEYS[5] fixes list     (fix relation JSON, oldest first)
-- KEYS[6] the key's record string (fingerprint, id, time, fixed id, its error type as JSON, delta, previous id,
--         one per line; untouched without a fingerprint)
-- KEYS[7] the session's settings hash (max_log_entries, fix_detection_window: what it sets over ARGV[9], ARGV[10])
-- ARGV[1] entry JSON without id, fix_for, delta_args and fixed_by (an object with at least one field)
-- ARGV[2] tool name   ARGV[3] outcome
-- ARGV[4] arguments as JSON [[key, canonical JSON of value, JSON of value as given], ...] in the caller's key order
-- ARGV[5] goal ('' for none)   ARGV[6] error type ('' for none)   ARGV[7] execution ms ('' for none)
-- ARGV[8] now (ISO 8601)   ARGV[9] log entries kept (also the fix relations kept)   ARGV[10] fix detection window
-- ARGV[11] recent ids kept per tool   ARGV[12] success patterns kept per tool
-- ARGV[13] distinct values kept per argument   ARGV[14] goals kept per error pattern
-- ARGV[15] seconds every key of the session lives after this write (0: forever)
-- ARGV[16] the request's fingerprint ('' for a write without a key)   ARGV[17] seconds the key's record lives
-- ARGV[18] the argument names in canonical order, as JSON ('' when the canonical delta is not wanted)
-- Returns { 'applied', id, id of the fixed failure or '', delta JSON or '', error type of the fixed failure or '',
-- the delta's canonical JSON or '', id of the session's previous call of the tool or '', and with the canonical
-- delta, what adoption of the fix compares ({"w":[[key, canonical value], ...],"r":[removed keys]}) or '' },
-- { 'replayed', id, time, fixed id, delta, fixed error type, previous id } as the first write kept them, or { 'mismatch' }.
local rcall = redis.call

-- @include lib/idempotency.lua
-- @include lib/pattern-fold.lua
-- @include lib/renewal.lua
-- @include lib/record-tool-call.lua

return recordToolCall(KEYS, ARGV)
