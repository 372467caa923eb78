// Every Redis key name is built here: prefix, one hash tag per task, session or tenant, then a suffix.
import { createHash } from "node:crypto";
import type { SessionRef, TaskRef } from "../../domain/refs.js";

/**
 * A client's text as a short, safe key name: 128 bits of SHA-256 in base64url (22 characters).
 * ("-" names no key: a script that takes a record key but was sent none leaves it alone.)
 */
function digestOf(text: string): string {
  return createHash("sha256").update(text).digest().subarray(0, 16).toString("base64url");
}

/** The write id of a write without an idempotency key: its idempotency record is named but never written (cross-slot-write.ts). */
export const NO_WRITE_ID = "none";
const writeIdDigest = (writeId: string) => createHash("sha256").update(writeId).digest("hex").slice(0, 32);
// Every write without a key names that one record: its digest is made once, not once per write.
const NO_WRITE_ID_DIGEST = writeIdDigest(NO_WRITE_ID);

// All keys of one task (or session) share the hash tag {tenant:kind:id}, so each Lua script touches
// a single cluster slot. Ids cannot contain braces (the routes forbid them), so the tag is exact.
export function createKeys(prefix: string) {
  const base = (tenant: string, kind: "task" | "session", id: string) => `${prefix}:{${tenant}:${kind}:${id}}`;

  return {
    /**
     * Hash of one rate-limit window: subject (a tenant, or an address without a valid key) → its
     * requests. Every subject of a window shares it, so a replica syncs all of them with one script.
     */
    rateWindow(windowStartMs: number) {
      return `${prefix}:{ratelimit}:${windowStartMs}`;
    },

    /**
     * What every key of the tenant's tasks (or sessions) starts with, up to the id; the id, "}:" and
     * the key's suffix follow. For pageListed-2.lua, which names the items of a page itself.
     */
    itemRoot(tenant: string, kind: "task" | "session") {
      return `${prefix}:{${tenant}:${kind}:`;
    },

    task(task: TaskRef) {
      const root = base(task.tenant, "task", task.taskId);
      return {
        /** List of lesson JSON documents, oldest first. */
        lessons: `${root}:lessons`,
        /** Hash: kept, captured, cat:<category>, tier:<n>. */
        counters: `${root}:counters`,
        /** Hash: <signature> → JSON of that failure: occurrences, first and latest capture. */
        signatures: `${root}:signatures`,
        /** Hash: doc (the resolution JSON, while there is one), version (bumped by every change). */
        resolution: `${root}:resolution`,
        /** String: what a capture with this Idempotency-Key kept for its replays (appendLesson-5.lua). */
        idempotencyKey: (key: string | null) => `${root}:idem:${key === null ? "-" : digestOf(key)}`,
      };
    },

    /**
     * What a tenant knows across its tasks and sessions, under one hash tag {tenant:shared}: a
     * cluster slot of its own, apart from every task's and session's (see cross-slot-write.ts).
     */
    shared(tenant: string) {
      const root = `${prefix}:{${tenant}:shared}`;
      return {
        /** Sorted set: tool name → minus its total calls, so ZRANGE gives most calls first, ties by name. */
        tools: `${root}:tools`,
        /** Sorted set: every tool name at score 0, so ZRANGE BYLEX reads a name prefix (lib/learn-tool-call.lua writes it). */
        toolNames: `${root}:lex:tools`,
        /**
         * Hash of one tool's shared knowledge, a field each (lib/learn-tool-call.lua): calls, successes,
         * failure, fixes, timed, timed_sum, success_patterns, the offer counts, dropped_argument_names,
         * dropped_error_types, born (a random token made with the tool's keys: an offer made before it decides nothing),
         * last_used_at, updated_at.
         */
        tool: (toolName: string) => `${root}:tool:${toolName}`,
        /** A field per argument name of the tool, and when each was last seen (lib/tool-fields.lua). */
        toolArgs: (toolName: string) => `${root}:toolargs:${toolName}`,
        toolArgsSeen: (toolName: string) => `${root}:toolargs-seen:${toolName}`,
        /** A field per error type of the tool (its count, goals and example arguments), and when each was last seen. */
        toolErrors: (toolName: string) => `${root}:toolerrors:${toolName}`,
        /**
         * A field per error type the tool learned fixes for: `<version>\n<fixes and fix events as JSON>`
         * (tool-fixes.ts decides them; lib/learn-tool-call.lua writes one only while its version is the one decided on).
         */
        toolFixes: (toolName: string) => `${root}:toolfixes:${toolName}`,
        /**
         * Hash: what each slot of the sets in toolFixes keeps beside them, `<slot>:<name>:<error type>` (tool-fix-texts.ts:
         * slotField): the offer counts (offered, other_fix and ignored, increments no decision reads, so that counting them
         * moves no set's version), and the member the efficacy report lists the slot's fix under.
         */
        toolFixSlots: (toolName: string) => `${root}:toolfixslots:${toolName}`,
        toolErrorsSeen: (toolName: string) => `${root}:toolerrors-seen:${toolName}`,
        /**
         * HyperLogLog of the sessions that called the tool. A prefix of its own, not a suffix:
         * tool names may hold ':', so `tool:x:sessions` could be the hash of a tool named `x:sessions`.
         */
        toolSessions: (toolName: string) => `${root}:seen:${toolName}`,
        /** The sessions that called the tool most recently (lib/activity.lua writes it). */
        toolRecentSessions: (toolName: string) => `${root}:toolsessions:${toolName}`,
        /** Every key of a failure signature starts with this (the scripts name them from here). */
        prefix: `${root}:`,
        /** Sorted set: signature → minus its occurrences across the tenant's tasks. */
        signatures: `${root}:sigs`,
        /** Hash of one signature: info (error type, category, normalised message), occurrences. */
        signature: (signature: string) => `${root}:sig:${signature}`,
        /** HyperLogLog of the tasks that captured the signature. */
        signatureTasks: (signature: string) => `${root}:tasks:${signature}`,
        /** Sorted set: task id → when its resolution linked the signature (ms). */
        signatureFixes: (signature: string) => `${root}:fixes:${signature}`,
        /** Hash: task id → the approach that worked and when (JSON). */
        signatureApproaches: (signature: string) => `${root}:approaches:${signature}`,
        /**
         * Hash of one signature's efficacy: the six sums (SUM_FIELDS of domain/lessons/efficacy.ts),
         * o:<task id> → the attempt of the task's first capture answered known fixes, r:<task id> →
         * what its resolution added ("attempt" or "attempt after-offer"). The scripts name it from `prefix`.
         */
        signatureEfficacy: (signature: string) => `${root}:efficacy:${signature}`,
        /** Sorted set: the signatures counted for one task → when last captured (ms), the newest few kept. */
        taskSignatures: (taskId: string) => `${root}:tasksigs:${taskId}`,
        /** Hash of one task's links: the version of the resolution last applied, the signatures linked. */
        taskLinks: (taskId: string) => `${root}:links:${taskId}`,
        /** Sorted set: task id → its last activity (ms), for listings (lib/activity.lua writes it). */
        taskListing: `${root}:idx:tasks`,
        /** Sorted set: session id → its last activity (ms). */
        sessionListing: `${root}:idx:sessions`,
        /** Sorted set: every task id of taskListing at score 0, for prefix pages (ZRANGE BYLEX); kept in step by lib/activity.lua. */
        taskIds: `${root}:lex:tasks`,
        /** Sorted set: every session id of sessionListing at score 0. */
        sessionIds: `${root}:lex:sessions`,
        /** Stream: the tenant's capped event log (fields t: type, task or session: id, d: data JSON). */
        events: `${root}:events`,
        /**
         * The efficacy report, kept up to date by the scripts that decide offers and count signatures
         * (named from `prefix`): a hash of running totals (offered, worked, failed, other_fix, ignored, and
         * the six signature sums), the best and the worst fixes (sorted sets of a fix's
         * `["tool","error type","canonical delta"]` by domain/efficacy/ranks.ts), and a hash of what the
         * report shows of each ranked fix (JSON).
         */
        efficacyTotals: `${root}:eff:totals`,
        bestFixes: `${root}:eff:best`,
        worstFixes: `${root}:eff:worst`,
        rankedFixes: `${root}:eff:fixes`,
        /**
         * Hash: tool → the offer made to the session's latest failure of it, `<offer id>\n<offer as JSON>` (tool-fixes.ts),
         * until the tool's next call decides it.
         */
        pendingOffers: (sessionId: string) => `${root}:offers:${sessionId}`,
        /** String: the tenant's last offer number (offer ids are `offer-<n>`). */
        offerSequence: `${root}:offerseq`,
        /**
         * The tenant's failure templates (lib/template-write.lua writes them as template-buckets.ts decides), under
         * `tmpl:`, a prefix no other key of the tenant uses, with fixed suffixes only, so no tool or signature name can
         * meet them. Hash: template id → its shape, {bucket, tokens, gaps} as JSON.
         */
        templateRecords: `${root}:tmpl:records`,
        /**
         * Sorted set of one bucket (a token count and a first token): its templates' ids by the tenant's template clock
         * when each was made, so oldest first. A bucket may hold anything, so it goes last, after a fixed suffix.
         */
        templateBucket: (bucket: string) => `${root}:tmpl:bucket:${bucket}`,
        /** What every bucket's key starts with (lib/template-write.lua names the buckets it renews and forgets from here). */
        templateBucketRoot: `${root}:tmpl:bucket:`,
        /** Hash: bucket → its version, moved by every write to the bucket, so a step decided on an older read is refused. */
        templateVersions: `${root}:tmpl:versions`,
        /** Sorted set: template id → the tenant's template clock when it last took a message; the lowest is forgotten first. */
        templateSeen: `${root}:tmpl:seen`,
        /** Hash: template id → messages it took. */
        templateCounts: `${root}:tmpl:counts`,
        /** String: messages the tenant's templates learned from (INCR), the clock of `templateSeen`. */
        templateClock: `${root}:tmpl:clock`,
        /**
         * Hash: the recall index's templates (lib/template-write.lua): `w:<id>` their terms, `n:<id>` how many, `t:<id>` their
         * text, `u:<id>` their uses; `docs` and `terms` the totals.
         */
        recallDocuments: `${root}:tmpl:recall`,
        /** Hash: term → the ids of the templates indexed by it, each after a space (lib/template-write.lua). */
        recallPostings: `${root}:tmpl:postings`,
        /**
         * String: a keyed write's template step, its fingerprint and the template answered (lib/template-write.lua), so that
         * a retry learns nothing again; under `tmpl:` with a digest, so it meets no fixed suffix.
         */
        templateRecord: (writeId: string) => `${root}:tmpl:keyed:${writeId === NO_WRITE_ID ? NO_WRITE_ID_DIGEST : writeIdDigest(writeId)}`,
        /** Marks a tenant-level write as applied, so a retry with the same idempotency key is not counted twice. */
        applied: (writeId: string) => `${root}:applied:${writeId === NO_WRITE_ID ? NO_WRITE_ID_DIGEST : writeIdDigest(writeId)}`,
      };
    },

    session(session: SessionRef) {
      const root = base(session.tenant, "session", session.sessionId);
      return {
        /** Hash: next id, counters over the kept log, created/updated times. */
        meta: `${root}:meta`,
        /** List of call ids, oldest first. */
        log: `${root}:log`,
        /** Hash: e:<id> → entry JSON, m:<id> → fix-detection facts, f:<id> → id of the fixing call. */
        calls: `${root}:calls`,
        /**
         * Hash: <tool> → the tool's whole pattern as one JSON document, as the layout before fields kept it; layout 2
         * moves it into the keys below (migration-legacy-tools.ts), layout 5 drops one an older replica left, and no
         * request reads or names it.
         */
        legacyPatterns: `${root}:patterns`,
        /** Sorted set: every tool the session called → the call number of its first call (the order tools are listed in). */
        tools: `${root}:tools`,
        /** What every per-tool key starts with; the record script names the keys of tools it renews from here. */
        root: `${root}:`,
        /**
         * The keys of one tool's pattern (lib/tool-fields.lua): `pattern`, a hash of counts and the latest
         * fixes (total, success, failure, timed, timed_sum, successes, dropped_argument_names,
         * dropped_error_types, born, updated_at); `args` and `errors`, a field per argument name and error type;
         * `argsSeen` and `errorsSeen`, when each was last seen (the caps forget the oldest); `recent`, its
         * latest call ids. Each is a prefix then the tool's name: the names cannot meet a fixed key.
         */
        tool: (toolName: string) => ({
          pattern: `${root}:pattern:${toolName}`,
          args: `${root}:args:${toolName}`,
          argsSeen: `${root}:args-seen:${toolName}`,
          errors: `${root}:errors:${toolName}`,
          errorsSeen: `${root}:errors-seen:${toolName}`,
          recent: `${root}:recent:${toolName}`,
        }),
        /** List of fix relation JSON documents, oldest first. */
        fixes: `${root}:fixes`,
        /** Hash: what the session sets for itself (max_log_entries, fix_detection_window); a reset leaves it. */
        settings: `${root}:settings`,
        /** String: what a call recorded with this Idempotency-Key kept for its replays (recordToolCall-13.lua). */
        idempotencyKey: (key: string | null) => `${root}:idem:${key === null ? "-" : digestOf(key)}`,
      };
    },
  };
}

export type Keys = ReturnType<typeof createKeys>;
