-- Folds one recorded call into the tenant's shared knowledge of its tool, at most once per write id,
-- and answers the fix the tenant knows for the call's error type.
-- KEYS[1] tool hash      (state: knowledge JSON; calls, successes, fixes, last_used_at for listings)
-- KEYS[2] sessions HLL   (the sessions that called the tool)
-- KEYS[3] tools zset     (tool → minus its total calls)
-- KEYS[4] idempotency record (set when this write was folded in; untouched when ARGV[18] is 0)
-- ARGV[1] tool name   ARGV[2] session id   ARGV[3] call id   ARGV[4] outcome
-- ARGV[5] arguments as JSON [[key, canonical JSON of value, JSON of value as given], ...] in the caller's key order
-- ARGV[6] goal ('' for none)   ARGV[7] error type ('' for none)   ARGV[8] execution ms ('' for none)   ARGV[9] now
-- ARGV[10] error type of the failure this call fixed ('' for none)   ARGV[11] id of that failure
-- ARGV[12] the fix's delta JSON as given ('' when the call fixed nothing)   ARGV[13] the same delta, canonical
-- ARGV[14] distinct values kept per argument   ARGV[15] goals kept per error pattern
-- ARGV[16] success patterns kept   ARGV[17] distinct fixes kept per error type
-- ARGV[18] seconds the idempotency record lives (0: the write has no id, so no record)
-- ARGV[19] seconds every key of the tool lives after this write (0: forever)
-- ARGV[20] fix events kept per error type
-- ARGV[21] the tenant's prefix   ARGV[22] when the call was recorded (ms)   ARGV[23] events kept
-- ARGV[24] seconds the event log lives   ARGV[25] the event's data: the entry as JSON, its session_id first   ARGV[26] the fix event's data ('' for none)
-- ARGV[27] seconds the session's data lives after a write (0: forever), for its listing and its pending offers
-- ARGV[28] how fixes are ranked ('wilson' or 'applied')   ARGV[29] the session's previous call of the tool ('' for none)
-- ARGV[30] with a fix, what its adoption compares ({"w":[[key, canonical new value], ...],"r":[removed keys]})
-- ARGV[31] the call's latency bucket ('' when it has no execution time)   ARGV[32] recent sessions kept per tool
-- Also writes, by name from the prefix: the session's pending offers (offers:<session id>, tool → offer JSON),
-- the offer id sequence (offerseq), the listing, the event log, the minute and hour counts, the tool's hour counts and its recent sessions (lib/activity.lua).
-- The idempotency record keeps what the write answered ('1', or offer id, times, counts, delta one per line), so a
-- replay answers the same offer.
-- Returns {} or, when the call failed with an error type the tenant has an offerable fix for,
-- { fix delta JSON, times applied, offer id, "offered,worked,failed,other_fix,ignored" }.
local rcall = redis.call

-- @include lib/pattern-fold.lua
-- @include lib/renewal.lua
-- @include lib/activity.lua
-- @include lib/keep-at-least.lua
-- @include lib/learn-tool-call.lua

return learnToolCall(KEYS, ARGV)
