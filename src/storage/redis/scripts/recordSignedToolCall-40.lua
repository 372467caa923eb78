-- Records one failed or timed-out tool call with a message and its template step in one script, for a single Redis
-- server: one round trip. TypeScript decided the step and made the signature from it; this applies the step
-- (lib/template-write.lua) and, only when it applied, recordAndLearnToolCall-31.lua, pasted in whole.
-- KEYS[1..9] learnTemplate-9.lua's, named by input.template.keys; KEYS[10..40] recordAndLearnToolCall-31.lua's
-- ARGV[1] the input as JSON: template (learnTemplate-9.lua's input), and session: the guard the call was decided on
--   (expect) and its tool's pattern's version (pattern), the window a refusal answers (span), and where the keys
--   lib/session-window.lua's callRefusal reads are in KEYS (at, by name)
-- ARGV[2] recordAndLearnToolCall-31.lua's input, as it takes it (apart, so that it is not escaped into ARGV[1])
-- Returns two JSON texts: lib/template-write.lua's answer, and when it applied, recordAndLearnToolCall-31.lua's answer
--   (apart, so that it is not escaped into the first). A step replayed or refused, or whose bucket moved, writes nothing
--   more and answers only the first; a session that moved writes nothing either: { outcome = 'held' }, then the
--   session's refusal, as recordAndLearnToolCall answers it.
local rcall = redis.call

-- @include lib/named-keys.lua
-- @include lib/idempotency.lua
-- @include lib/renewal.lua
-- @include lib/template-bucket.lua
-- @include lib/template-write.lua
-- @include lib/session-window.lua
-- @function recordAndLearnToolCall recordAndLearnToolCall-31.lua

local input = cjson.decode(ARGV[1])
local templateKeys = withBucketRoot(namedKeys(input.template.keys, 1), input.template)
local refused = templateStepRefusal(templateKeys, input.template)
if refused then return { cjson.encode(refused) } end
-- Both parts' versions are checked before either writes: a session that moved since the call was decided refuses the
-- whole write, answered as the session script answers it, and the step goes again with the call. (The session's key
-- record is read by recordAndLearnToolCall, after the step: a key first used for a call without a message, reused for a
-- failure with one, has its message learned, as the embedded store's two steps learn it.)
local session = input.session
local sessionKeys = {}
for name, at in pairs(session.at) do sessionKeys[name] = KEYS[at] end
local refusal = callRefusal(sessionKeys, session.expect, session.pattern, session.span)
if refusal then return { cjson.encode({ outcome = 'held' }), cjson.encode({ recorded = refusal }) } end
local placed = applyTemplateStep(templateKeys, input.template)
local callKeys = {}
for i = 10, 40 do callKeys[#callKeys + 1] = KEYS[i] end
return { cjson.encode(placed), recordAndLearnToolCall(callKeys, { ARGV[2] }) }
