// Generated from openapi/openapi.json by `npm run generate -w @agent-lessons/client`; do not edit.

export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document
         * @description The OpenAPI 3.1 document of the running service; /docs shows it in Swagger UI.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description Request durations by route and status, store commands, open event streams and the process's own metrics, in Prometheus's text format.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description For a liveness probe: 200 while the process runs, whatever the store's state.
         */
        get: operations["getLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The store answers; 503 while it does not
         * @description For a readiness probe: 200 once the store answers, with its topology and the role of the Redis server it writes to; 503 while it does not answer, or answers as a replica (a demoted primary), so that a load balancer stops sending traffic.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/lessons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a task's lessons, oldest first
         * @description The lessons kept for the task (the newest LESSONS_MAX_PER_TASK), oldest first; limit keeps only the most recent ones. Scope: read (any key).
         */
        get: operations["listLessons"];
        put?: never;
        /**
         * Capture a failure as a lesson
         * @description Categorises the failure, judges its severity, hypothesises a fix and keeps the lesson. known_fixes lists what worked for the same failure signature in the tenant's resolved tasks. Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        post: operations["captureLesson"];
        /**
         * Forget every lesson, counter and signature of a task (its resolution stays)
         * @description Deletes the task's lessons, counters and signatures. The resolution stays, so what worked is still offered to other tasks. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        delete: operations["clearLessons"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/lessons/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lessons as a block for a fresh session's prompt
         * @description Call at the start of a fresh session: the task's failures and their hypothesised fixes, formatted to inject into the prompt. group=signature folds repeats of one failure into one entry. Scope: read (any key).
         */
        get: operations["getLessonPrompt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/lessons/signatures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A task's distinct failures, most recurring first
         * @description Each distinct failure of the task (by signature: error type plus the message's template), with how often it recurred. Scope: read (any key).
         */
        get: operations["listLessonSignatures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/lessons/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts of a task's kept lessons by category and tier
         * @description How many lessons the task captured and keeps, by category and by tier. Scope: read (any key).
         */
        get: operations["getLessonStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/lessons/{lesson_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One lesson, with the fixes that worked for its signature in any task
         * @description A lesson by id, with up to three fixes that worked for the same failure signature in the tenant's resolved tasks. Scope: read (any key).
         */
        get: operations["getLesson"];
        put?: never;
        post?: never;
        /**
         * Forget one lesson
         * @description Deletes one lesson; the task's counters drop with it. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        delete: operations["deleteLesson"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks/{task_id}/resolution": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What worked for a task; 404 when it has no resolution
         * @description The approach that finally worked for the task, as recorded by resolveTask. Scope: read (any key).
         */
        get: operations["getResolution"];
        /**
         * Record what finally worked for a task
         * @description 201 the first time, 200 when it replaces an earlier resolution. The task's failure signatures at this moment are kept with it, and its prompt gains a WHAT WORKED section. Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        put: operations["resolveTask"];
        post?: never;
        /**
         * Remove a task's resolution
         * @description Deletes the task's resolution; its failure signatures stop offering it as a known fix. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        delete: operations["deleteResolution"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lessons/signatures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's most recurring failures across tasks, with the latest fix that worked for each
         * @description Failures that recur across the tenant's tasks, most frequent first, each with the latest approach that resolved a task that had it. Scope: read (any key).
         */
        get: operations["listTenantSignatures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/tool-calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search a session's calls, newest first
         * @description The session's kept calls matching every filter given, newest first. Scope: read (any key).
         */
        get: operations["searchToolCalls"];
        put?: never;
        /**
         * Record a tool call
         * @description Allocates the next call id; a success linked to the most recent unfixed failure of the same tool (within the detection window, with different arguments) comes back with fix_for and delta_args. The call also feeds the tenant's shared knowledge of the tool; a failure comes back with known_fix, the best fix the tenant knows for its error type (ranked by how often it fixed the error against how often it failed when taken), with an offer_id. The session's next call of the same tool decides that offer: adopted or not, worked or not (see GET /efficacy). Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        post: operations["recordToolCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/tool-calls/{call_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One call
         * @description One recorded call by id, with the fix links fix detection added to it. Scope: read (any key).
         */
        get: operations["getToolCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every tool's pattern, in order of first use
         * @description What the session's history teaches about each tool: counts, success rate, common arguments, error and success patterns. Scope: read (any key).
         */
        get: operations["listToolPatterns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns/{tool_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One tool's pattern; 404 when the tool has no calls
         * @description What the session's history teaches about one tool. Scope: read (any key).
         */
        get: operations["getToolPattern"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns/{tool_name}/fix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The argument change that fixed this error type before; 404 when none is known
         * @description Call when a tool call fails: the change of arguments that fixed this error type of this tool earlier in the session. Scope: read (any key).
         */
        get: operations["getKnownFix"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns/{tool_name}/hints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Arguments that worked for a goal like this one; 404 when none did
         * @description Arguments of a past success whose goal contains the given one (case-insensitive), to start a call from. Scope: read (any key).
         */
        get: operations["getArgHints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns/{tool_name}/guidance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An <error_guidance> block for an error type of a tool
         * @description A prompt block on one error type of a tool: how often it happened, and what fixed it. Scope: read (any key).
         */
        get: operations["getErrorGuidance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/patterns/{tool_name}/template": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A <success_template> block of arguments that worked for a goal; 404 when none did
         * @description A prompt block with the arguments of a past success for a goal like the given one. Scope: read (any key).
         */
        get: operations["getSuccessTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts over the session's kept log
         * @description Calls, successes, failures and detected fixes over the session's kept log, and when the session began; the times are null for a session with no history. Scope: read (any key).
         */
        get: operations["getSessionStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The <procedural_memory> block for a fresh session's prompt
         * @description Call at the start of a fresh session that continues this one: recent calls, error patterns and the fixes that worked, per tool. shared=true adds what the tenant's other sessions learned. Scope: read (any key).
         */
        get: operations["getSessionPrompt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/prompt/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The <procedural_memory_summary> block: totals and the most used tools
         * @description A short prompt block: the session's totals and its most used tools. Scope: read (any key).
         */
        get: operations["getSessionSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The log size and fix-detection window the session's calls are recorded with
         * @description The settings in force for the session's next call, and which of them the session set itself (the rest are the service's). Scope: read (any key).
         */
        get: operations["getSessionSettings"];
        /**
         * Set the session's own log size and fix-detection window
         * @description Replaces what the session sets for itself: a setting left out or null follows the service's again. They take effect from the session's next call (a smaller log is trimmed then), live as long as the session, and stay through a reset or an import of its memory. Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        put: operations["putSessionSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions/{session_id}/memory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the session's whole procedural memory
         * @description The session's whole procedural memory as one document, to back it up or copy it into another session with importSessionMemory. Scope: read (any key).
         */
        get: operations["exportSessionMemory"];
        /**
         * Replace the session's memory with an exported one
         * @description Takes a document from exportSessionMemory (or the Python's to_dict()). Its session_id gives way to the path's, so a memory can be copied into another session; missing times become the time of the import. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        put: operations["importSessionMemory"];
        post?: never;
        /**
         * Forget the session; call ids start again at call-0001
         * @description Deletes the session's log, patterns and fixes; its settings stay, and the tenant's shared knowledge keeps what it learned. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        delete: operations["resetSessionMemory"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's tools across every session, most calls first (or by name prefix, in name order, a page at a time)
         * @description Every tool the tenant's sessions called, with calls, success rate and fixes learned, most called first, up to limit. With prefix, only the tools whose name starts with it, in name order, a page at a time: pass next_cursor back as cursor (with the same prefix). Scope: read (any key).
         */
        get: operations["listSharedTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/{tool_name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What every session of the tenant taught about one tool; 404 when none called it
         * @description The tenant's knowledge of one tool, pooled from every session: error patterns, the fixes that worked for each, and arguments that succeeded. Scope: read (any key).
         */
        get: operations["getSharedToolKnowledge"];
        put?: never;
        post?: never;
        /**
         * Forget what the tenant learned about one tool; sessions keep their own memory
         * @description Deletes the tenant's pooled knowledge of one tool. Each session's own memory is untouched. Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.
         */
        delete: operations["forgetSharedTool"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/{tool_name}/fix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The fix the tenant's sessions applied most for an error type, and the alternatives; 404 when none
         * @description Call when a tool call fails in a session with no fix of its own: the fix the tenant's sessions applied most for this error type, with alternatives. Pass the failing call's `arguments` (JSON) to get only fixes that apply to them: a fix that changed a value applies to a call holding that value, one that added a key to a call without it, one that removed a key to a call with it; 404 when none does. Scope: read (any key).
         */
        get: operations["getSharedFix"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/{tool_name}/guidance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An <error_guidance> block from every session's fixes; 404 when no session called the tool
         * @description A prompt block on one error type of a tool, from the fixes every session of the tenant found. Scope: read (any key).
         */
        get: operations["getSharedErrorGuidance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One block for a fresh session's prompt, within max_tokens
         * @description Sections in priority order: what worked (the task's resolution and known fixes), the task's lessons grouped by signature, the session's procedural memory for the tools, and what the tenant's other sessions learned about them. When the whole does not fit, whole items are dropped, the lowest section first, oldest first. Scope: read (any key).
         */
        get: operations["getContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's tasks that keep lessons, most recently active first (or by id prefix, in id order), a page at a time
         * @description For dashboards: the tenant's tasks, most recently active first, with lesson counts, the latest error type and whether the task is resolved. With prefix, only the tasks whose id starts with it, in id order. Pass next_cursor back as cursor (with the same prefix) for the next page. Scope: read (any key).
         */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's sessions that keep calls, most recently active first (or by id prefix, in id order), a page at a time
         * @description For dashboards: the tenant's sessions, most recently active first, with call and fix counts. With prefix, only the sessions whose id starts with it, in id order. Pass next_cursor back as cursor (with the same prefix) for the next page. Scope: read (any key).
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active tasks and sessions, failures by category, and activity over the last hour or day
         * @description For dashboards: tasks and sessions active in the last hour and day, failures by category, and a timeline of lessons, calls, successes and fixes. Scope: read (any key).
         */
        get: operations["getOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tools/{tool_name}/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One tool's calls and success rate per hour, its latency, and the sessions that used it last
         * @description For the dashboard's tool view: the tool's calls and successes per hour over the last day or 7 days, p50 and p95 of its execution time, and the sessions that called it most recently. Counted as calls are recorded, so nothing is scanned; a tool nobody called answers zeros. Scope: read (any key).
         */
        get: operations["getToolActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/efficacy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether offered fixes helped: offers, adoptions and outcomes, the best and worst fixes
         * @description The tenant's totals, equal to the sums over its tools and failure signatures. A failed tool call offered a known_fix is decided by the session's next call of the tool: adopted (it took the fix's arguments) and worked or failed, or not adopted and succeeded another way (other_fix) or failed (ignored). For lessons: the mean attempts to resolve a task with and without an offered fix. Scope: read (any key).
         */
        get: operations["getEfficacy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Have we seen this failure? The tenant's failures most like a text
         * @description The tenant's failures (lesson signatures and tools' failures) most like the text, best first: the template the text would be placed in first, then by BM25 over the templates' terms (error codes, names and path parts included). Each lesson match carries its latest tasks and resolution, each tool match its latest sessions and the tool's best offerable fix. Nothing matched answers an empty list. Scope: read (any key).
         */
        get: operations["recall"];
        put?: never;
        /**
         * Have we seen this failure? The same, with the text in the body
         * @description The tenant's failures (lesson signatures and tools' failures) most like the text, best first: the template the text would be placed in first, then by BM25 over the templates' terms (error codes, names and path parts included). Each lesson match carries its latest tasks and resolution, each tool match its latest sessions and the tool's best offerable fix. Nothing matched answers an empty list. The same as GET /recall, for text too long for a URL (a pasted stack trace). Scope: read (any key).
         */
        post: operations["recallByBody"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's events as they happen (Server-Sent Events), resumable with Last-Event-ID
         * @description For dashboards: lesson.captured, tool_call.recorded, fix.detected, fix.offered (a failure was offered a known fix), fix.outcome (the session's next call of the tool decided it) and task.resolved events as Server-Sent Events, filtered by type, task or session. Reconnect with Last-Event-ID to resume where the stream stopped. Scope: read (any key).
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive OTLP traces: record the tool calls among the spans
         * @description OTLP/HTTP as its specification defines it: protobuf or JSON, gzip or not; the answer in the request's encoding. Each item that is a tool call (see the capture guide for the dialects) is recorded as POST /sessions/{session_id}/tool-calls records one, idempotently by its span or record id; every other item is accepted and ignored. Tool calls that cannot be recorded are counted in partialSuccess. Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        post: operations["exportTraces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Receive OTLP logs: record the tool calls among the log records
         * @description OTLP/HTTP as its specification defines it: protobuf or JSON, gzip or not; the answer in the request's encoding. Each item that is a tool call (see the capture guide for the dialects) is recorded as POST /sessions/{session_id}/tool-calls records one, idempotently by its span or record id; every other item is accepted and ignored. Tool calls that cannot be recorded are counted in partialSuccess. Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.
         */
        post: operations["exportLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details */
        Problem: {
            /** @description A URI naming the kind of problem */
            type: string;
            title: string;
            status: number;
            detail: string;
            /** @description The path of the request */
            instance: string;
            /** @description Stable machine-readable error code */
            code: string;
            request_id: string;
            /** @description Every field that failed validation */
            errors?: {
                field: string;
                message: string;
            }[];
        };
        /** @description What changed in the arguments; each part only when non-empty */
        ArgDelta: {
            added?: {
                [key: string]: unknown;
            };
            removed?: string[];
            changed?: {
                [key: string]: {
                    /** @description Any JSON value */
                    from: unknown;
                    /** @description Any JSON value */
                    to: unknown;
                };
            };
        };
        /** @description One tool call, as an agent reports it */
        ToolCallInput: {
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            /** @description The tool's arguments, a JSON object. Default: {} */
            arguments?: {
                [key: string]: unknown;
            };
            /** @description The tool's result; summarised, never stored */
            result?: unknown;
            /** @enum {string} */
            outcome: "success" | "failure" | "partial" | "timeout" | "cancelled";
            /** @description What the agent was trying to do */
            context_goal?: string | null;
            error_type?: string | null;
            error_message?: string | null;
            execution_time_ms?: number | null;
            preceding_call_id?: string | null;
            /** @description false when no fix the answer carries will reach the model (an exporter, a log importer): none is offered, so none is counted as ignored. Defaults to true */
            offer_fix?: boolean;
        };
        /** @description One recorded tool call, with its fix links */
        ToolLogEntry: {
            /** @description Call id (1-128 letters, digits, '.', '_', ':' or '-') */
            id: string;
            timestamp: string;
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            /** @description The tool's arguments, a JSON object */
            arguments: {
                [key: string]: unknown;
            };
            arguments_hash: string;
            context_goal: string | null;
            preceding_call_id: string | null;
            /** @enum {string} */
            outcome: "success" | "failure" | "partial" | "timeout" | "cancelled";
            result_summary: string;
            result_type: string;
            execution_time_ms: number | null;
            error_type: string | null;
            error_message: string | null;
            /** @description The failure's template signature, the one a lesson of the same error type and message gets; only on a failed or timed-out call with an error message */
            signature?: string;
            /** @description The failure's message as the tenant's templates placed it when it was recorded, its variable parts as <*> */
            template?: string;
            /** @description The call that fixed this failure */
            fixed_by: string | null;
            /** @description The failure this call fixed */
            fix_for: string | null;
            delta_args: components["schemas"]["ArgDelta"] | null;
        };
        /** @description How a tool failed with one error type, and what fixed it */
        ErrorPattern: {
            error_type: string;
            count: number;
            contexts: string[];
            example_args: {
                [key: string]: unknown;
            } | null;
            typical_fix: string | null;
            fix_delta: components["schemas"]["ArgDelta"] | null;
        };
        /** @description Arguments of a success, and the change that made it succeed */
        SuccessPattern: {
            goal_match: string | null;
            /** @description The tool's arguments, a JSON object */
            arg_hints: {
                [key: string]: unknown;
            };
            example_call_id: string | null;
            delta_that_fixed: components["schemas"]["ArgDelta"] | null;
        };
        /** @description What a session's history teaches about one tool */
        ToolPattern: {
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            total_calls: number;
            success_count: number;
            failure_count: number;
            success_rate: number;
            common_args: {
                [key: string]: unknown[];
            };
            error_patterns: components["schemas"]["ErrorPattern"][];
            success_patterns: components["schemas"]["SuccessPattern"][];
            avg_execution_ms: number | null;
            /** @description Calls that reported a non-zero time */
            timed_calls: number;
            updated_at: string;
            /** @description Argument names forgotten, least recently seen first, past the 64 a tool keeps; present once one was */
            dropped_argument_names?: number;
            /** @description Error types forgotten, least recently seen first, past the 32 a tool keeps; present once one was */
            dropped_error_types?: number;
        };
        /** @description One recorded tool call in a memory document to import: ids, times and hashes of their documented shapes */
        ToolLogEntryImport: {
            id: string;
            timestamp: string;
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            /** @description The tool's arguments, a JSON object */
            arguments: {
                [key: string]: unknown;
            };
            arguments_hash: string;
            context_goal: string | null;
            preceding_call_id: string | null;
            /** @enum {string} */
            outcome: "success" | "failure" | "partial" | "timeout" | "cancelled";
            result_summary: string;
            result_type: string;
            execution_time_ms: number | null;
            error_type: string | null;
            error_message: string | null;
            /** @description The failure's template signature, the one a lesson of the same error type and message gets; only on a failed or timed-out call with an error message */
            signature?: string;
            /** @description The failure's message as the tenant's templates placed it when it was recorded, its variable parts as <*> */
            template?: string;
            fixed_by: string | null;
            fix_for: string | null;
            delta_args: components["schemas"]["ArgDelta"] | null;
        };
        /** @description A success pattern in a memory document to import */
        SuccessPatternImport: {
            goal_match: string | null;
            /** @description The tool's arguments, a JSON object */
            arg_hints: {
                [key: string]: unknown;
            };
            example_call_id: string | null;
            delta_that_fixed: components["schemas"]["ArgDelta"] | null;
        };
        /** @description A tool's pattern in a memory document to import */
        ToolPatternImport: {
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            total_calls: number;
            success_count: number;
            failure_count: number;
            /** @description Ignored: computed from the counts */
            success_rate?: number;
            common_args: {
                [key: string]: unknown[];
            };
            error_patterns: components["schemas"]["ErrorPattern"][];
            success_patterns: components["schemas"]["SuccessPatternImport"][];
            avg_execution_ms: number | null;
            /** @description Calls that reported a non-zero time; 0 when left out. Default: 0 */
            timed_calls?: number;
            updated_at: string;
            /** @description Argument names forgotten, least recently seen first, past the 64 a tool keeps; present once one was */
            dropped_argument_names?: number;
            /** @description Error types forgotten, least recently seen first, past the 32 a tool keeps; present once one was */
            dropped_error_types?: number;
        };
        /** @description A failure, the success that fixed it, and what changed */
        FixRelation: {
            failed_call_id: string;
            success_call_id: string;
            delta_args: components["schemas"]["ArgDelta"];
            detected_at: string;
        };
        /** @description A session's whole procedural memory */
        ProceduralMemory: {
            session_id: string;
            tool_log: components["schemas"]["ToolLogEntry"][];
            tool_patterns: {
                [key: string]: components["schemas"]["ToolPattern"];
            };
            fix_relations: components["schemas"]["FixRelation"][];
            next_call_id: number;
            /** @description Null only for a session with no history */
            created_at: string | null;
            /** @description Null only for a session with no history */
            updated_at: string | null;
        };
        /** @description A fix relation in a memory document to import */
        FixRelationImport: {
            failed_call_id: string;
            success_call_id: string;
            delta_args: components["schemas"]["ArgDelta"];
            /** @description The time of the import when left out */
            detected_at?: string;
        };
        /** @description A procedural memory to import, as exported; only the history is required */
        ProceduralMemoryImport: {
            /** @description Ignored: the path names the session */
            session_id?: string | null;
            tool_log: components["schemas"]["ToolLogEntryImport"][];
            tool_patterns: {
                [key: string]: components["schemas"]["ToolPatternImport"];
            };
            fix_relations: components["schemas"]["FixRelationImport"][];
            /** @description Never below one past the highest call id in tool_log */
            next_call_id?: number;
            /** @description The time of the import when left out */
            created_at?: string | null;
            /** @description The time of the import when left out */
            updated_at?: string | null;
        };
        /** @description Recorded calls, newest first */
        ToolCallList: {
            session_id: string;
            calls: components["schemas"]["ToolLogEntry"][];
        };
        /** @description Every tool's learned pattern in the session */
        ToolPatterns: {
            session_id: string;
            patterns: {
                [key: string]: components["schemas"]["ToolPattern"];
            };
        };
        /** @description The change of arguments that fixed an error type before */
        KnownFix: {
            fix_delta: components["schemas"]["ArgDelta"];
            typical_fix: string;
        };
        /** @description Arguments of a past success for a goal like the given one */
        ArgHints: {
            tool_name: string;
            goal: string;
            /** @description The tool's arguments, a JSON object */
            arg_hints: {
                [key: string]: unknown;
            };
        };
        /** @description Counts over a session's kept log; times are null for a session with no history */
        SessionStats: {
            session_id: string;
            total_calls: number;
            success_count: number;
            failure_count: number;
            success_rate: number;
            total_fixes_detected: number;
            tools_tracked: number;
            /** @description Tools whose pattern was forgotten, least recently called first, past the 128 a session keeps; present once one was */
            dropped_tools?: number;
            created_at: string | null;
            updated_at: string | null;
        };
        /** @description What the session sets for itself; a setting left out or null follows the service's (TOOL_LOG_MAX_ENTRIES, FIX_DETECTION_WINDOW) */
        SessionSettingsUpdate: {
            /** @description Default: null */
            max_log_entries?: number | null;
            /** @description Default: null */
            fix_detection_window?: number | null;
        };
        /** @description The log size and fix-detection window a session's calls are recorded with */
        SessionSettings: {
            session_id: string;
            /** @description In force: the session's own setting, else the service's */
            max_log_entries: number;
            /** @description In force: the session's own setting, else the service's */
            fix_detection_window: number;
            /** @description What the session sets itself; null where the service's setting applies */
            set_by_session: {
                max_log_entries: number | null;
                fix_detection_window: number | null;
            };
        };
        /** @description A session's prompt block, in the prompt field */
        SessionPrompt: {
            session_id: string;
            prompt: string;
        };
        /** @description One context block for a fresh session, within a token budget */
        ContextBlock: {
            prompt: string;
            /** @description Tokens of prompt in encoding; never more than max_tokens */
            tokens: number;
            max_tokens: number;
            /** @description The BPE encoding tokens are counted in: o200k_base */
            encoding: string;
            /** @description Every section in priority order, with what was shown and what was left out */
            sections: {
                /** @enum {string} */
                name: "what_worked" | "lessons" | "procedural_memory" | "shared_tool_knowledge";
                /** @description Items shown */
                items: number;
                /** @description Items left out to fit the budget */
                omitted: number;
            }[];
        };
        /** @description Whether a fix helped when it was offered */
        FixEfficacy: {
            /** @description Times the fix was offered to a failing call */
            offered: number;
            /** @description Offers the session's next call of the tool took: worked + failed */
            adopted: number;
            /** @description Adopted, and that call succeeded */
            worked: number;
            /** @description Adopted, and that call failed or timed out */
            failed: number;
            /** @description Not adopted, and that call succeeded another way */
            other_fix: number;
            /** @description Not adopted, and that call failed */
            ignored: number;
            /** @description Its latest outcomes, oldest first, at most 5: `w` when an adoption worked or fix detection saw it fix a failure, `f` when an adoption failed */
            recent_outcomes: string;
            /** @description The ranking score: the 95% Wilson lower bound of times_applied successes in times_applied + failed trials */
            score: number;
            /** @description Never offered while true: 3 of its recent_outcomes failed (until successes push them out), or it failed at least 3 times and fixed the error in under 30% of times_applied + failed (until that share is back at 30%) */
            retired: boolean;
        };
        /** @description The best fix the tenant knows for this tool and error type, offered to this call */
        KnownSharedFix: {
            fix_delta: components["schemas"]["ArgDelta"];
            /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
            typical_fix: string;
            /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
            fix_text: string;
            /** @description How many times this change fixed the error, across sessions */
            times_applied: number;
            efficacy: components["schemas"]["FixEfficacy"];
            /** @description This offer's id: the session's next call of the tool decides whether the fix was adopted and worked (fix.outcome) */
            offer_id: string;
        };
        /** @description Every offer of this tool's fixes and its outcome, also of fixes forgotten since */
        ToolEfficacy: {
            /** @description Fixes of this tool offered to failing calls */
            offered: number;
            /** @description Offers the next call took: worked + failed */
            adopted: number;
            /** @description Adopted, and the call succeeded */
            worked: number;
            /** @description Adopted, and the call failed */
            failed: number;
            /** @description Not adopted, and the call succeeded */
            other_fix: number;
            /** @description Not adopted, and the call failed */
            ignored: number;
            /** @description Offers not decided: the session has not called the tool again, or never will (it was reset, a newer offer replaced the call's, or the next call was partial or cancelled) */
            pending: number;
        };
        /** @description The stored entry, and what the tenant already knows about its failure */
        RecordedToolCall: {
            /** @description Call id (1-128 letters, digits, '.', '_', ':' or '-') */
            id: string;
            timestamp: string;
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            /** @description The tool's arguments, a JSON object */
            arguments: {
                [key: string]: unknown;
            };
            arguments_hash: string;
            context_goal: string | null;
            preceding_call_id: string | null;
            /** @enum {string} */
            outcome: "success" | "failure" | "partial" | "timeout" | "cancelled";
            result_summary: string;
            result_type: string;
            execution_time_ms: number | null;
            error_type: string | null;
            error_message: string | null;
            /** @description The failure's template signature, the one a lesson of the same error type and message gets; only on a failed or timed-out call with an error message */
            signature?: string;
            /** @description The failure's message as the tenant's templates placed it when it was recorded, its variable parts as <*> */
            template?: string;
            /** @description The call that fixed this failure */
            fixed_by: string | null;
            /** @description The failure this call fixed */
            fix_for: string | null;
            delta_args: components["schemas"]["ArgDelta"] | null;
            /** @description For a failure or timeout: the tenant's typical fix for its error type, learned in any session; else null */
            known_fix: components["schemas"]["KnownSharedFix"] | null;
            /** @description How many values were replaced by redaction ([REDACTED], [REDACTED:<kind>]) before anything was stored; 0 when none */
            redactions: number;
        };
        /** @description One fix the tenant's sessions applied, how often, and whether it helped when offered */
        SharedFix: {
            fix_delta: components["schemas"]["ArgDelta"];
            /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
            typical_fix: string;
            /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
            fix_text: string;
            /** @description How many times this change fixed the error, across sessions */
            times_applied: number;
            efficacy: components["schemas"]["FixEfficacy"];
            last_applied_at: string;
        };
        /** @description One time a fix was applied, and in which session */
        SharedFixEvent: {
            session_id: string;
            failed_call_id: string;
            fix_call_id: string;
            applied_at: string;
        };
        /** @description An error pattern over every session; typical_fix is the best fix that is not retired */
        SharedErrorPattern: {
            error_type: string;
            count: number;
            contexts: string[];
            example_args: {
                [key: string]: unknown;
            } | null;
            typical_fix: string | null;
            fix_delta: components["schemas"]["ArgDelta"] | null;
            /** @description The best fix that is not retired in words for a person or an agent, as its fix_text; null when there is none */
            fix_text: string | null;
            /** @description Up to 5 distinct fixes, best first by efficacy score (ties: most applied, then most recent); retired ones last */
            fixes: components["schemas"]["SharedFix"][];
            /** @description The latest 3 fix events, newest first */
            recent_fixes: components["schemas"]["SharedFixEvent"][];
        };
        /** @description Arguments that succeeded in one of the tenant's sessions */
        SharedSuccessPattern: {
            goal_match: string | null;
            /** @description The tool's arguments, a JSON object */
            arg_hints: {
                [key: string]: unknown;
            };
            example_call_id: string | null;
            delta_that_fixed: components["schemas"]["ArgDelta"] | null;
            session_id: string;
        };
        /** @description What every session of the tenant taught about one tool */
        SharedToolKnowledge: {
            /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
            tool_name: string;
            total_calls: number;
            success_count: number;
            failure_count: number;
            success_rate: number;
            common_args: {
                [key: string]: unknown[];
            };
            error_patterns: components["schemas"]["SharedErrorPattern"][];
            /** @description The latest 10 fixes across sessions, oldest first */
            success_patterns: components["schemas"]["SharedSuccessPattern"][];
            avg_execution_ms: number | null;
            /** @description Calls that reported a non-zero time */
            timed_calls: number;
            updated_at: string;
            /** @description Argument names forgotten, least recently seen first, past the 64 a tool keeps; present once one was */
            dropped_argument_names?: number;
            /** @description Error types forgotten, least recently seen first, past the 32 a tool keeps; present once one was */
            dropped_error_types?: number;
            /** @description Fixes detected for this tool in every session */
            fixes_learned: number;
            /** @description Distinct sessions that called the tool (approximate on Redis: HyperLogLog) */
            sessions_seen: number;
            last_used_at: string;
            efficacy: components["schemas"]["ToolEfficacy"];
        };
        /** @description A tool as the tenant's listing shows it */
        SharedToolSummary: {
            tool_name: string;
            total_calls: number;
            success_rate: number;
            fixes_learned: number;
            sessions_seen: number;
            last_used_at: string;
        };
        /** @description The tenant's tools, most calls first; with prefix, those that match, in name order */
        SharedToolList: {
            tools: components["schemas"]["SharedToolSummary"][];
            /** @description Only with prefix: pass as cursor for the next page; null once every match was listed */
            next_cursor?: string | null;
        };
        /** @description The best fix the tenant knows for an error type (by efficacy), with the alternatives */
        SharedKnownFix: {
            tool_name: string;
            error_type: string;
            fix_delta: components["schemas"]["ArgDelta"];
            /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
            typical_fix: string;
            /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
            fix_text: string;
            /** @description How many times this change fixed the error, across sessions */
            times_applied: number;
            efficacy: components["schemas"]["FixEfficacy"];
            /** @description The other fixes that are not retired, best first */
            alternatives: {
                fix_delta: components["schemas"]["ArgDelta"];
                /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
                typical_fix: string;
                /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
                fix_text: string;
                /** @description How many times this change fixed the error, across sessions */
                times_applied: number;
                efficacy: components["schemas"]["FixEfficacy"];
            }[];
        };
        /** @description An <error_guidance> prompt block from the tenant's fixes */
        SharedErrorGuidance: {
            tool_name: string;
            prompt: string;
        };
        /** @description A free-text query, for text too long for a URL (a pasted stack trace) */
        RecallQuery: {
            /** @description The failure as you have it: an error message, a log line or a stack trace. Its first 500 characters are placed against the tenant's templates as a failure's message is kept; terms are read from its first 2,000; the rest is ignored */
            q: string;
            /**
             * @description Lesson signatures, tools' failures, or both. Default: "all"
             * @enum {string}
             */
            kind?: "lessons" | "tools" | "all";
            /** @description Only failures of this tool */
            tool?: string;
            /** @description Only failures of this error type */
            error_type?: string;
            /** @description Matches answered at most, 1 to 50. Default: 5 */
            limit?: number;
        };
        /** @description The latest resolution of a task that had this failure */
        RecalledResolution: {
            task_id: string;
            /** @description What finally worked for that task */
            approach: string;
            resolved_at: string;
        };
        /** @description The tool's best offerable fix for this error type. Whether it applies depends on the failing call's arguments: ask /tools/{tool}/fix?arguments= */
        RecalledFix: {
            fix_delta: components["schemas"]["ArgDelta"];
            /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
            typical_fix: string;
            /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
            fix_text: string;
            times_applied: number;
            efficacy: components["schemas"]["FixEfficacy"];
        };
        /** @description One failure the tenant has met, like the query */
        RecallMatch: {
            /**
             * @description A lesson signature, or a tool's failure
             * @enum {string}
             */
            kind: "lesson" | "tool";
            /** @description The failure's signature: the same for a lesson and a failed tool call of one error type and template */
            signature: string;
            /** @description The failure's template: its message with variable parts as <*> */
            template: string;
            error_type: string;
            /** @description The tool, for a tool's failure; null for a lesson */
            tool_name: string | null;
            /** @description BM25 over the template's terms: higher is closer */
            score: number;
            /** @description What matched */
            why: {
                /** @description The query would be placed in this very template */
                same_template: boolean;
                /** @description The query's terms the template is indexed by */
                terms: string[];
            };
            /** @description Failures of this kind, error type and template met since it was indexed */
            occurrences: number;
            /** @description When one was last met */
            last_seen: string;
            /** @description For a lesson: the tasks that met it last, the most recent first (at most 5) */
            task_ids: string[];
            /** @description For a tool's failure: the sessions that met it last, the most recent first (at most 5) */
            session_ids: string[];
            /** @description For a lesson: the latest resolution of a task that had it; null when none is known */
            resolution: components["schemas"]["RecalledResolution"] | null;
            /** @description For a tool's failure: the tool's best offerable fix for the error type; null when none is known */
            fix: components["schemas"]["RecalledFix"] | null;
        };
        /** @description The tenant's failures most like the query */
        RecallAnswer: {
            /** @description Best first; empty when nothing matched, never a guess */
            matches: components["schemas"]["RecallMatch"][];
        };
        /** @description A failed attempt, as an agent reports it */
        FailureReport: {
            /** @description Which attempt failed, from 1 */
            attempt_number: number;
            /**
             * @description Execution tier
             * @enum {number}
             */
            tier: 1 | 2 | 3;
            /** @description Exception or error name, e.g. TypeError */
            error_type: string;
            /** @description Kept up to 500 characters */
            error_message: string;
            /** @description Model that produced the failure */
            model?: string | null;
            /** @description Kept up to 200 characters */
            error_context?: string | null;
            /** @description A specific approach to try next */
            fix_approach?: string | null;
            duration_ms?: number | null;
            tokens_used?: number | null;
        };
        /** @description A failure kept as a discrete lesson */
        Lesson: {
            lesson_id: string;
            task_id: string;
            attempt_number: number;
            /** @enum {number} */
            tier: 1 | 2 | 3;
            error_type: string;
            error_message: string;
            error_context: string | null;
            hypothesized_fix: string;
            fix_approach: string | null;
            model: string | null;
            /** @description ISO 8601, UTC */
            timestamp: string;
            duration_ms: number | null;
            tokens_used: number | null;
            category: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description 16 hex characters over the error type and the message's template (the tenant's failure templates): messages that differ only in their variables share it */
            signature: string;
        };
        /** @description What worked for the same failure signature in a resolved task */
        LessonKnownFix: {
            task_id: string;
            approach: string;
            resolved_at: string;
        };
        /** @description A lesson, with what worked for the same failure elsewhere */
        LessonWithKnownFixes: {
            lesson_id: string;
            task_id: string;
            attempt_number: number;
            /** @enum {number} */
            tier: 1 | 2 | 3;
            error_type: string;
            error_message: string;
            error_context: string | null;
            hypothesized_fix: string;
            fix_approach: string | null;
            model: string | null;
            /** @description ISO 8601, UTC */
            timestamp: string;
            duration_ms: number | null;
            tokens_used: number | null;
            category: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description 16 hex characters over the error type and the message's template (the tenant's failure templates): messages that differ only in their variables share it */
            signature: string;
            /** @description Up to 3 fixes that worked for this signature in the tenant's tasks, most recent first */
            known_fixes: components["schemas"]["LessonKnownFix"][];
        };
        /** @description The lesson as stored (secrets redacted), with known fixes and how many values were redacted */
        CapturedLesson: {
            lesson_id: string;
            task_id: string;
            attempt_number: number;
            /** @enum {number} */
            tier: 1 | 2 | 3;
            error_type: string;
            error_message: string;
            error_context: string | null;
            hypothesized_fix: string;
            fix_approach: string | null;
            model: string | null;
            /** @description ISO 8601, UTC */
            timestamp: string;
            duration_ms: number | null;
            tokens_used: number | null;
            category: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high" | "critical";
            /** @description 16 hex characters over the error type and the message's template (the tenant's failure templates): messages that differ only in their variables share it */
            signature: string;
            /** @description Up to 3 fixes that worked for this signature in the tenant's tasks, most recent first */
            known_fixes: components["schemas"]["LessonKnownFix"][];
            /** @description How many values were replaced by redaction ([REDACTED], [REDACTED:<kind>]) before anything was stored; 0 when none */
            redactions: number;
        };
        /** @description Whether the fixes offered for a failure shortened the tasks they were offered to: mean_attempts_without_offer minus mean_attempts_with_offer is what the memory saved. A replaced resolution replaces its task's contribution; a deleted one removes it */
        SignatureEfficacy: {
            /** @description Distinct tasks whose capture of this failure was answered known fixes (an offer) */
            tasks_offered: number;
            /** @description Tasks resolved, with this signature, after they had been offered a fix for it */
            tasks_resolved_after_offer: number;
            /** @description Tasks resolved, with this signature, without having been offered a fix for it */
            tasks_resolved_without_offer: number;
            /** @description Mean attempt_number of the resolutions of the tasks resolved after an offer; null when there is nothing to average */
            mean_attempts_with_offer: number | null;
            /** @description Mean attempt_number of the resolutions of the tasks resolved without an offer; null when there is nothing to average */
            mean_attempts_without_offer: number | null;
            /** @description Mean, over the tasks resolved after an offer, of the resolution's attempt_number minus the attempt of the task's first lesson that was offered fixes; null when there is nothing to average */
            mean_attempts_after_offer: number | null;
        };
        /** @description A failure that recurs across the tenant's tasks */
        TenantSignature: {
            signature: string;
            error_type: string;
            category: string;
            normalized_message: string;
            /** @description The failure's message with its variable parts as <*>, as the tenant's templates learned it at the latest capture; null for a signature first kept before templates */
            template: string | null;
            /** @description Captures in every task */
            occurrences: number;
            /** @description Distinct tasks (approximate on Redis: HyperLogLog) */
            tasks: number;
            /** @description Tasks whose resolution lists this signature */
            resolved_tasks: number;
            latest_known_fix: components["schemas"]["LessonKnownFix"] | null;
            efficacy: components["schemas"]["SignatureEfficacy"];
        };
        /** @description The tenant's most recurring failures, each with the latest fix that worked */
        TenantSignatureList: {
            signatures: components["schemas"]["TenantSignature"][];
        };
        /** @description A task's kept lessons, oldest first */
        LessonList: {
            task_id: string;
            lessons: components["schemas"]["Lesson"][];
        };
        /** @description One distinct failure of a task */
        FailureSignature: {
            signature: string;
            error_type: string;
            category: string;
            normalized_message: string;
            /** @description The failure's message with its variable parts as <*>, as the tenant's templates learned it at the latest capture; null for a signature first kept before templates */
            template: string | null;
            /** @description The latest capture's message */
            example_message: string;
            /** @description Every capture, trimmed and deleted lessons included */
            occurrences: number;
            first_attempt: number;
            last_attempt: number;
            first_seen_at: string;
            last_seen_at: string;
            hypothesized_fix: string;
        };
        /** @description A task's distinct failures, most recurring first */
        FailureSignatureList: {
            task_id: string;
            signatures: components["schemas"]["FailureSignature"][];
        };
        /** @description What finally worked for a task */
        ResolutionReport: {
            /** @description The attempt that succeeded */
            attempt_number: number;
            /** @description What worked, in words an agent can follow */
            approach: string;
            model?: string | null;
        };
        /** @description What finally worked for a task */
        Resolution: {
            task_id: string;
            attempt_number: number;
            approach: string;
            model: string | null;
            resolved_at: string;
            /** @description The task's failure signatures when it was resolved, most recurring first */
            signatures: string[];
        };
        /** @description The resolution as stored (secrets redacted), and how many values were redacted */
        RecordedResolution: {
            task_id: string;
            attempt_number: number;
            approach: string;
            model: string | null;
            resolved_at: string;
            /** @description The task's failure signatures when it was resolved, most recurring first */
            signatures: string[];
            /** @description How many values were replaced by redaction ([REDACTED], [REDACTED:<kind>]) before anything was stored; 0 when none */
            redactions: number;
        };
        /** @description A task's lessons as a prompt block, in the prompt field */
        LessonPrompt: {
            task_id: string;
            lesson_count: number;
            prompt: string;
        };
        /** @description Counts of a task's lessons by category and tier */
        LessonStats: {
            task_id: string;
            total_lessons: number;
            /** @description Every capture ever, trimmed lessons included */
            total_captured: number;
            by_category: {
                [key: string]: number;
            };
            by_tier: {
                1: number;
                2: number;
                3: number;
            };
            /** @description The category with the most kept lessons */
            most_common_error: string | null;
            /** @description Whether the task has a resolution */
            resolved: boolean;
        };
        /** @description A task as a listing shows it */
        TaskSummary: {
            task_id: string;
            /** @description Lessons kept */
            total_lessons: number;
            /** @description Failures captured, trimmed and deleted ones included */
            total_captured: number;
            /** @description Kept lessons per category */
            by_category: {
                [key: string]: number;
            };
            /** @description The error type of the newest kept lesson */
            last_error_type: string | null;
            /** @description True while the task has a resolution */
            resolved: boolean;
            /** @description When the last write that lists it happened (ISO 8601) */
            updated_at: string;
        };
        /** @description The tenant's tasks that keep lessons, most recently active first; with prefix, those that match, in id order */
        TaskList: {
            tasks: components["schemas"]["TaskSummary"][];
            /** @description Pass as cursor for the next page; null once every item was listed */
            next_cursor: string | null;
        };
        /** @description A session as a listing shows it */
        SessionSummary: {
            session_id: string;
            /** @description Calls kept in the log */
            total_calls: number;
            /** @description Successes over the kept calls */
            success_rate: number;
            total_fixes_detected: number;
            tools_tracked: number;
            /** @description When the last write that lists it happened (ISO 8601) */
            updated_at: string;
        };
        /** @description The tenant's sessions that keep calls, most recently active first; with prefix, those that match, in id order */
        SessionList: {
            sessions: components["schemas"]["SessionSummary"][];
            /** @description Pass as cursor for the next page; null once every item was listed */
            next_cursor: string | null;
        };
        /** @description Counts for one minute or hour of the timeline */
        ActivityPoint: {
            /** @description Start of the minute or hour (ISO 8601) */
            at: string;
            /** @description Failures captured */
            lessons: number;
            tool_calls: number;
            /** @description Tool calls that succeeded */
            successes: number;
            /** @description Fixes detected */
            fixes: number;
            /** @description Tokens the failed attempts captured in it spent (the sum of their lessons' tokens_used) */
            tokens_used: number;
            /** @description Time the failed attempts captured in it took (the sum of their lessons' duration_ms) */
            duration_ms: number;
        };
        /** @description One tool's execution time over the window, from counters per hour */
        ToolLatency: {
            tool_name: string;
            /** @description Calls with an execution_time_ms since latency_since */
            calls: number;
            /** @description Median execution time, interpolated within a bucket of the histogram (buckets grow by a factor of 1.58 from 1 ms to 100 s) */
            p50_ms: number;
            /** @description 95th percentile, estimated the same way */
            p95_ms: number;
        };
        /** @description How the tenant's agents are doing, now and over time */
        TenantOverview: {
            /** @enum {string} */
            window: "hour" | "day" | "week";
            /** @description Listed with a write in the last hour and day */
            tasks: {
                active_last_hour: number;
                active_last_day: number;
            };
            /** @description Listed with a write in the last hour and day */
            sessions: {
                active_last_hour: number;
                active_last_day: number;
            };
            /** @description Every failure captured, by category, while the tenant kept lessons */
            failures_by_category: {
                [key: string]: number;
            };
            timeline: components["schemas"]["ActivityPoint"][];
            /** @description Start of the first hour whose tool latency is counted: latency is counted per hour, so the hour window's starts with the clock hour its first minute falls in */
            latency_since: string;
            /** @description The 20 most called tools with timed calls, most called first */
            tool_latency: components["schemas"]["ToolLatency"][];
        };
        /** @description One tool's calls in one hour */
        ToolActivityPoint: {
            /** @description Start of the hour (ISO 8601) */
            at: string;
            calls: number;
            successes: number;
        };
        /** @description One tool's calls and success over time, its latency and the sessions that used it */
        ToolActivity: {
            tool_name: string;
            /** @enum {string} */
            window: "day" | "week";
            timeline: components["schemas"]["ToolActivityPoint"][];
            /** @description Execution time over the window, as GET /overview's tool_latency estimates it; null without a timed call */
            latency: {
                /** @description Calls with an execution_time_ms in the window */
                calls: number;
                p50_ms: number;
                p95_ms: number;
            } | null;
            /** @description Up to 20 sessions that called the tool most recently, the latest first; a session whose data expired is left out */
            recent_sessions: {
                session_id: string;
                /** @description When the session last called the tool (ISO 8601) */
                last_used_at: string;
            }[];
        };
        /** @description The service's state: ok, and which store it uses */
        Health: {
            /** @constant */
            status: "ok";
            /** @enum {string} */
            store?: "memory" | "redis";
            /**
             * @description How the store keeps data: in process, one Redis, a primary found through Sentinel, or a Cluster
             * @enum {string}
             */
            topology?: "memory" | "single" | "sentinel" | "cluster";
            /** @description The role of the Redis server this replica writes to (null in a Cluster, whose masters are many) */
            role?: "master" | null;
        };
        /** @description One fix of one tool's error type, with its efficacy */
        ListedFix: {
            tool_name: string;
            error_type: string;
            fix_delta: components["schemas"]["ArgDelta"];
            /** @description The fix in words, as the tool memory wrote it: values cut to 20 characters */
            typical_fix: string;
            /** @description The fix in words for a person or an agent: every key and value whole up to 120 characters, longer ones around what differs (`change path: …/fsroot/README.txt → …/fsroot/docs/README.txt`) */
            fix_text: string;
            times_applied: number;
            efficacy: components["schemas"]["FixEfficacy"];
        };
        /** @description What the memory's offered fixes did for this tenant */
        EfficacyReport: {
            /** @description Offers of tool fixes and their outcomes: the sum over the tenant's tools */
            tools: {
                /** @description Fixes of this tool offered to failing calls */
                offered: number;
                /** @description Offers the next call took: worked + failed */
                adopted: number;
                /** @description Adopted, and the call succeeded */
                worked: number;
                /** @description Adopted, and the call failed */
                failed: number;
                /** @description Not adopted, and the call succeeded */
                other_fix: number;
                /** @description Not adopted, and the call failed */
                ignored: number;
                /** @description Offers not decided: the session has not called the tool again, or never will (it was reset, a newer offer replaced the call's, or the next call was partial or cancelled) */
                pending: number;
                /** @description adopted / (adopted + other_fix + ignored): decided offers the next call took; null when there is nothing to divide */
                adoption_rate: number | null;
                /** @description worked / adopted; null when there is nothing to divide */
                success_rate_when_adopted: number | null;
            };
            /** @description Known fixes offered to lessons and the attempts to resolve, summed over the tenant's signatures (a task counts under each signature it resolved) */
            lessons: components["schemas"]["SignatureEfficacy"];
            /** @description Up to 10 fixes, highest score first */
            best_fixes: components["schemas"]["ListedFix"][];
            /** @description Up to 10 adopted fixes with the smallest share of adoptions that worked (ties: more adoptions first) */
            worst_fixes: components["schemas"]["ListedFix"][];
        };
        /** @description A span; execute_tool, ai.toolCall, OpenInference TOOL and MCP tools/call spans are tool calls */
        OtlpSpan: {
            /** @description 32 hex characters */
            traceId?: string;
            /** @description 16 hex characters */
            spanId?: string;
            parentSpanId?: string;
            name?: string;
            kind?: number;
            /** @description Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers) */
            startTimeUnixNano?: string | number;
            /** @description Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers) */
            endTimeUnixNano?: string | number;
            /** @description Attributes (KeyValue) */
            attributes?: ({
                key: string;
                /** @description An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue */
                value?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            events?: ({
                name?: string;
                /** @description Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers) */
                timeUnixNano?: string | number;
                /** @description Attributes (KeyValue) */
                attributes?: ({
                    key: string;
                    /** @description An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue */
                    value?: {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
            status?: {
                /** @description 2 is ERROR */
                code?: number;
                message?: string;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        /** @description An OTLP trace export, in OTLP/JSON (or the same message in protobuf) */
        ExportTraceServiceRequest: {
            resourceSpans?: ({
                /** @description The resource: service.name and the like */
                resource?: {
                    /** @description Attributes (KeyValue) */
                    attributes?: ({
                        key: string;
                        /** @description An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue */
                        value?: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                };
                scopeSpans?: ({
                    /** @description The instrumentation scope */
                    scope?: {
                        name?: string;
                        version?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    spans?: components["schemas"]["OtlpSpan"][];
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description A log record; Claude Code's claude_code.tool_result, Codex's codex.tool_result and Gemini CLI's gemini_cli.tool_call are tool calls */
        OtlpLogRecord: {
            /** @description Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers) */
            timeUnixNano?: string | number;
            /** @description Nanoseconds since the Unix epoch (a decimal string, as OTLP/JSON writes 64-bit integers) */
            observedTimeUnixNano?: string | number;
            eventName?: string;
            /** @description An AnyValue; some senders put the event name here */
            body?: {
                [key: string]: unknown;
            };
            /** @description Attributes (KeyValue) */
            attributes?: ({
                key: string;
                /** @description An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue */
                value?: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            })[];
            traceId?: string;
            spanId?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description An OTLP logs export, in OTLP/JSON (or the same message in protobuf) */
        ExportLogsServiceRequest: {
            resourceLogs?: ({
                /** @description The resource: service.name and the like */
                resource?: {
                    /** @description Attributes (KeyValue) */
                    attributes?: ({
                        key: string;
                        /** @description An AnyValue: stringValue, boolValue, intValue, doubleValue, arrayValue, kvlistValue or bytesValue */
                        value?: {
                            [key: string]: unknown;
                        };
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                };
                scopeLogs?: ({
                    /** @description The instrumentation scope */
                    scope?: {
                        name?: string;
                        version?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    logRecords?: components["schemas"]["OtlpLogRecord"][];
                } & {
                    [key: string]: unknown;
                })[];
            } & {
                [key: string]: unknown;
            })[];
        } & {
            [key: string]: unknown;
        };
        /** @description The OTLP traces export response: empty on full success */
        ExportTraceServiceResponse: {
            /** @description Only when some tool calls were refused; items that are not tool calls are accepted and ignored */
            partialSuccess?: {
                /** @description How many tool calls were refused (a decimal string, as OTLP/JSON writes 64-bit integers) */
                rejectedSpans: string;
                /** @description Why, for the first few */
                errorMessage: string;
            };
        };
        /** @description The OTLP logs export response: empty on full success */
        ExportLogsServiceResponse: {
            /** @description Only when some tool calls were refused; items that are not tool calls are accepted and ignored */
            partialSuccess?: {
                /** @description How many tool calls were refused (a decimal string, as OTLP/JSON writes 64-bit integers) */
                rejectedLogRecords: string;
                /** @description Why, for the first few */
                errorMessage: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request's id: the caller's own X-Request-Id when it is safe to log, else a new UUID */
        "X-Request-Id": string;
        /** @description The path of the record just created */
        Location: string;
        /** @description true when this answers again the write of an earlier request with the same Idempotency-Key (nothing was written now) */
        "Idempotent-Replayed": "true";
        /** @description Requests the tenant may make per window (when the limit is on) */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window */
        "X-RateLimit-Remaining": number;
        /** @description Seconds until the window resets */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying */
        "Retry-After": number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Metrics in Prometheus's text exposition format */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service's state: ok, and which store it uses */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service's state: ok, and which store it uses */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok",
                     *       "store": "memory",
                     *       "topology": "memory",
                     *       "role": null
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLessons: {
        parameters: {
            query?: {
                /** @description Only the most recent N lessons */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A task's kept lessons, oldest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-43",
                     *       "lessons": [
                     *         {
                     *           "lesson_id": "lsn_0195d6c13b614bfa84dceddcc10eb719",
                     *           "task_id": "build-report-43",
                     *           "attempt_number": 1,
                     *           "tier": 2,
                     *           "error_type": "TypeError",
                     *           "error_message": "'NoneType' object has no attribute 'get'",
                     *           "error_context": "while reading config['db']",
                     *           "hypothesized_fix": "Check variable types. Ensure correct attribute access. Add null/None checks.",
                     *           "fix_approach": "check the config for None before reading keys",
                     *           "model": "gpt-4o-mini",
                     *           "timestamp": "2026-12-05T23:18:55.918Z",
                     *           "duration_ms": null,
                     *           "tokens_used": null,
                     *           "category": "type",
                     *           "severity": "medium",
                     *           "signature": "ee20ac7f19fde7a1"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LessonList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    captureLesson: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: scoped to the task or session written, the key's first write is answered again (with Idempotent-Replayed: true) for the same request, never applied twice; another body gives 422. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "attempt_number": 1,
                 *       "tier": 2,
                 *       "error_type": "TypeError",
                 *       "error_message": "'NoneType' object has no attribute 'get'",
                 *       "model": "gpt-4o-mini",
                 *       "error_context": "while reading config['db']",
                 *       "fix_approach": "check the config for None before reading keys"
                 *     }
                 */
                "application/json": components["schemas"]["FailureReport"];
            };
        };
        responses: {
            /** @description The lesson as stored (secrets redacted), with known fixes and how many values were redacted */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "lesson_id": "lsn_f82d1aa456ea48d18813b775bb5aa623",
                     *       "task_id": "build-report-42",
                     *       "attempt_number": 1,
                     *       "tier": 2,
                     *       "error_type": "TypeError",
                     *       "error_message": "'NoneType' object has no attribute 'get'",
                     *       "error_context": "while reading config['db']",
                     *       "hypothesized_fix": "Check variable types. Ensure correct attribute access. Add null/None checks.",
                     *       "fix_approach": "check the config for None before reading keys",
                     *       "model": "gpt-4o-mini",
                     *       "timestamp": "2026-12-05T23:18:55.886Z",
                     *       "duration_ms": null,
                     *       "tokens_used": null,
                     *       "category": "type",
                     *       "severity": "medium",
                     *       "signature": "ee20ac7f19fde7a1",
                     *       "known_fixes": [],
                     *       "redactions": 0
                     *     }
                     */
                    "application/json": components["schemas"]["CapturedLesson"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used, in this task or session, for a different request */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    clearLessons: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLessonPrompt: {
        parameters: {
            query?: {
                /** @description With group=signature, distinct failures */
                max_lessons?: number;
                /** @description signature: each distinct failure once, repeats as REPEATED FAILURE blocks */
                group?: "signature";
            };
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-43",
                     *       "lesson_count": 1,
                     *       "prompt": "## LEARNINGS FROM PREVIOUS ATTEMPTS\nThe following attempts have been made. Learn from these failures:\n\nPREVIOUS ATTEMPT #1 FAILED:\nError Type: TypeError\nError: 'NoneType' object has no attribute 'get'\nHypothesized Fix: Check variable types. Ensure correct attribute access. Add null/None checks.\nKnown Fix (worked in task build-report-42): default the config to {} when the file is missing\nSuggested Approach: check the config for None before reading keys\n\n## INSTRUCTIONS\n- Do NOT repeat the same mistakes\n- Apply the hypothesized fixes\n- Try a DIFFERENT approach if similar approaches have failed\n"
                     *     }
                     */
                    "application/json": components["schemas"]["LessonPrompt"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLessonSignatures: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A task's distinct failures, most recurring first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-43",
                     *       "signatures": [
                     *         {
                     *           "signature": "ee20ac7f19fde7a1",
                     *           "error_type": "TypeError",
                     *           "category": "type",
                     *           "normalized_message": "<str> object has no attribute <str>",
                     *           "template": "<*> object has no attribute <*>",
                     *           "example_message": "'NoneType' object has no attribute 'get'",
                     *           "occurrences": 1,
                     *           "first_attempt": 1,
                     *           "last_attempt": 1,
                     *           "first_seen_at": "2026-12-05T23:18:55.918Z",
                     *           "last_seen_at": "2026-12-05T23:18:55.918Z",
                     *           "hypothesized_fix": "Check variable types. Ensure correct attribute access. Add null/None checks."
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["FailureSignatureList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLessonStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts of a task's lessons by category and tier */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-43",
                     *       "total_lessons": 1,
                     *       "total_captured": 1,
                     *       "by_category": {
                     *         "type": 1
                     *       },
                     *       "by_tier": {
                     *         "1": 0,
                     *         "2": 1,
                     *         "3": 0
                     *       },
                     *       "most_common_error": "type",
                     *       "resolved": false
                     *     }
                     */
                    "application/json": components["schemas"]["LessonStats"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLesson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
                /** @description Lesson id */
                lesson_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A lesson, with what worked for the same failure elsewhere */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "lesson_id": "lsn_f82d1aa456ea48d18813b775bb5aa623",
                     *       "task_id": "build-report-42",
                     *       "attempt_number": 1,
                     *       "tier": 2,
                     *       "error_type": "TypeError",
                     *       "error_message": "'NoneType' object has no attribute 'get'",
                     *       "error_context": "while reading config['db']",
                     *       "hypothesized_fix": "Check variable types. Ensure correct attribute access. Add null/None checks.",
                     *       "fix_approach": "check the config for None before reading keys",
                     *       "model": "gpt-4o-mini",
                     *       "timestamp": "2026-12-05T23:18:55.886Z",
                     *       "duration_ms": null,
                     *       "tokens_used": null,
                     *       "category": "type",
                     *       "severity": "medium",
                     *       "signature": "ee20ac7f19fde7a1",
                     *       "known_fixes": [
                     *         {
                     *           "task_id": "build-report-43",
                     *           "approach": "default the config to {} when the file is missing",
                     *           "resolved_at": "2026-12-05T23:18:55.937Z"
                     *         },
                     *         {
                     *           "task_id": "build-report-42",
                     *           "approach": "default the config to {} when the file is missing",
                     *           "resolved_at": "2026-12-05T23:18:55.914Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["LessonWithKnownFixes"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteLesson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
                /** @description Lesson id */
                lesson_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getResolution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What finally worked for a task */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-42",
                     *       "attempt_number": 3,
                     *       "approach": "default the config to {} when the file is missing",
                     *       "model": "gpt-4o-mini",
                     *       "resolved_at": "2026-12-05T23:18:55.914Z",
                     *       "signatures": [
                     *         "ee20ac7f19fde7a1"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["Resolution"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resolveTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "attempt_number": 3,
                 *       "approach": "default the config to {} when the file is missing",
                 *       "model": "gpt-4o-mini"
                 *     }
                 */
                "application/json": components["schemas"]["ResolutionReport"];
            };
        };
        responses: {
            /** @description Replaced the earlier resolution */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordedResolution"];
                };
            };
            /** @description The task's first resolution */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "task_id": "build-report-42",
                     *       "attempt_number": 3,
                     *       "approach": "default the config to {} when the file is missing",
                     *       "model": "gpt-4o-mini",
                     *       "resolved_at": "2026-12-05T23:18:55.914Z",
                     *       "signatures": [
                     *         "ee20ac7f19fde7a1"
                     *       ],
                     *       "redactions": 0
                     *     }
                     */
                    "application/json": components["schemas"]["RecordedResolution"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteResolution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed (also when there was none) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTenantSignatures: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's most recurring failures, each with the latest fix that worked */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "signatures": [
                     *         {
                     *           "signature": "ee20ac7f19fde7a1",
                     *           "error_type": "TypeError",
                     *           "category": "type",
                     *           "normalized_message": "<str> object has no attribute <str>",
                     *           "template": "<*> object has no attribute <*>",
                     *           "occurrences": 2,
                     *           "tasks": 2,
                     *           "resolved_tasks": 2,
                     *           "latest_known_fix": {
                     *             "task_id": "build-report-43",
                     *             "approach": "default the config to {} when the file is missing",
                     *             "resolved_at": "2026-12-05T23:18:55.937Z"
                     *           },
                     *           "efficacy": {
                     *             "tasks_offered": 1,
                     *             "tasks_resolved_after_offer": 1,
                     *             "tasks_resolved_without_offer": 1,
                     *             "mean_attempts_with_offer": 2,
                     *             "mean_attempts_without_offer": 3,
                     *             "mean_attempts_after_offer": 1
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TenantSignatureList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchToolCalls: {
        parameters: {
            query?: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name?: string;
                /** @description Case-insensitive; calls without a goal never match */
                goal_contains?: string;
                outcome?: "success" | "failure" | "partial" | "timeout" | "cancelled";
                error_type?: string;
                /** @description Only successes that fixed a failure */
                only_fixes?: boolean;
                /** @description Only failures that were fixed */
                only_fixed?: boolean;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded calls, newest first */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "calls": [
                     *         {
                     *           "id": "call-0002",
                     *           "timestamp": "2026-12-05T23:18:56.010Z",
                     *           "tool_name": "web_search",
                     *           "arguments": {
                     *             "query": "redis streams",
                     *             "limit": 50
                     *           },
                     *           "arguments_hash": "dea025cd9ebf",
                     *           "context_goal": "find docs on redis streams",
                     *           "preceding_call_id": null,
                     *           "outcome": "success",
                     *           "result_summary": "object[1 keys]",
                     *           "result_type": "object",
                     *           "execution_time_ms": 840,
                     *           "error_type": null,
                     *           "error_message": null,
                     *           "fixed_by": null,
                     *           "fix_for": "call-0001",
                     *           "delta_args": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ToolCallList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recordToolCall: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retried POST safe: scoped to the task or session written, the key's first write is answered again (with Idempotent-Replayed: true) for the same request, never applied twice; another body gives 422. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tool_name": "web_search",
                 *       "arguments": {
                 *         "query": "redis streams",
                 *         "limit": 500
                 *       },
                 *       "outcome": "failure",
                 *       "error_type": "ValueError",
                 *       "error_message": "limit must be at most 100",
                 *       "context_goal": "find docs on redis streams"
                 *     }
                 */
                "application/json": components["schemas"]["ToolCallInput"];
            };
        };
        responses: {
            /** @description The stored entry, and what the tenant already knows about its failure */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "call-0001",
                     *       "timestamp": "2026-12-05T23:18:55.957Z",
                     *       "tool_name": "web_search",
                     *       "arguments": {
                     *         "query": "redis streams",
                     *         "limit": 500
                     *       },
                     *       "arguments_hash": "a373a32cc047",
                     *       "context_goal": "find docs on redis streams",
                     *       "preceding_call_id": null,
                     *       "outcome": "failure",
                     *       "result_summary": "null",
                     *       "result_type": "null",
                     *       "execution_time_ms": null,
                     *       "error_type": "ValueError",
                     *       "error_message": "limit must be at most 100",
                     *       "fixed_by": null,
                     *       "fix_for": null,
                     *       "delta_args": null,
                     *       "known_fix": null,
                     *       "redactions": 0,
                     *       "signature": "3f5c529d8ee1030b",
                     *       "template": "limit must be at most <*>"
                     *     }
                     */
                    "application/json": components["schemas"]["RecordedToolCall"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The Idempotency-Key was used, in this task or session, for a different request */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getToolCall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Call id (1-128 letters, digits, '.', '_', ':' or '-') */
                call_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One recorded tool call, with its fix links */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "call-0002",
                     *       "timestamp": "2026-12-05T23:18:56.010Z",
                     *       "tool_name": "web_search",
                     *       "arguments": {
                     *         "query": "redis streams",
                     *         "limit": 50
                     *       },
                     *       "arguments_hash": "dea025cd9ebf",
                     *       "context_goal": "find docs on redis streams",
                     *       "preceding_call_id": null,
                     *       "outcome": "success",
                     *       "result_summary": "object[1 keys]",
                     *       "result_type": "object",
                     *       "execution_time_ms": 840,
                     *       "error_type": null,
                     *       "error_message": null,
                     *       "fixed_by": null,
                     *       "fix_for": "call-0001",
                     *       "delta_args": {
                     *         "changed": {
                     *           "limit": {
                     *             "from": 500,
                     *             "to": 50
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ToolLogEntry"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listToolPatterns: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every tool's learned pattern in the session */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "patterns": {
                     *         "web_search": {
                     *           "tool_name": "web_search",
                     *           "total_calls": 2,
                     *           "success_count": 1,
                     *           "failure_count": 1,
                     *           "success_rate": 0.5,
                     *           "common_args": {
                     *             "query": [
                     *               "redis streams"
                     *             ],
                     *             "limit": [
                     *               500,
                     *               50
                     *             ]
                     *           },
                     *           "error_patterns": [
                     *             {
                     *               "error_type": "ValueError",
                     *               "count": 1,
                     *               "contexts": [
                     *                 "find docs on redis streams"
                     *               ],
                     *               "example_args": {
                     *                 "query": "redis streams",
                     *                 "limit": 500
                     *               },
                     *               "typical_fix": "change limit: 500 -> 50",
                     *               "fix_delta": {
                     *                 "changed": {
                     *                   "limit": {
                     *                     "from": 500,
                     *                     "to": 50
                     *                   }
                     *                 }
                     *               }
                     *             }
                     *           ],
                     *           "success_patterns": [
                     *             {
                     *               "goal_match": "find docs on redis streams",
                     *               "arg_hints": {
                     *                 "query": "redis streams",
                     *                 "limit": 50
                     *               },
                     *               "example_call_id": "call-0002",
                     *               "delta_that_fixed": {
                     *                 "changed": {
                     *                   "limit": {
                     *                     "from": 500,
                     *                     "to": 50
                     *                   }
                     *                 }
                     *               }
                     *             }
                     *           ],
                     *           "avg_execution_ms": 840,
                     *           "timed_calls": 1,
                     *           "updated_at": "2026-12-05T23:18:56.010Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ToolPatterns"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getToolPattern: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What a session's history teaches about one tool */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "total_calls": 2,
                     *       "success_count": 1,
                     *       "failure_count": 1,
                     *       "success_rate": 0.5,
                     *       "common_args": {
                     *         "query": [
                     *           "redis streams"
                     *         ],
                     *         "limit": [
                     *           500,
                     *           50
                     *         ]
                     *       },
                     *       "error_patterns": [
                     *         {
                     *           "error_type": "ValueError",
                     *           "count": 1,
                     *           "contexts": [
                     *             "find docs on redis streams"
                     *           ],
                     *           "example_args": {
                     *             "query": "redis streams",
                     *             "limit": 500
                     *           },
                     *           "typical_fix": "change limit: 500 -> 50",
                     *           "fix_delta": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "success_patterns": [
                     *         {
                     *           "goal_match": "find docs on redis streams",
                     *           "arg_hints": {
                     *             "query": "redis streams",
                     *             "limit": 50
                     *           },
                     *           "example_call_id": "call-0002",
                     *           "delta_that_fixed": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "avg_execution_ms": 840,
                     *       "timed_calls": 1,
                     *       "updated_at": "2026-12-05T23:18:56.010Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ToolPattern"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getKnownFix: {
        parameters: {
            query: {
                error_type: string;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The change of arguments that fixed an error type before */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "fix_delta": {
                     *         "changed": {
                     *           "limit": {
                     *             "from": 500,
                     *             "to": 50
                     *           }
                     *         }
                     *       },
                     *       "typical_fix": "change limit: 500 -> 50"
                     *     }
                     */
                    "application/json": components["schemas"]["KnownFix"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getArgHints: {
        parameters: {
            query: {
                goal: string;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Arguments of a past success for a goal like the given one */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "goal": "redis",
                     *       "arg_hints": {
                     *         "query": "redis streams",
                     *         "limit": 50
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ArgHints"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getErrorGuidance: {
        parameters: {
            query: {
                error_type: string;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "prompt": "<error_guidance tool=\"web_search\" error=\"ValueError\">\n  Previous fix: limit:500->50\n  Past fixes:\n    - call-0001 -> call-0002\n</error_guidance>"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionPrompt"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSuccessTemplate: {
        parameters: {
            query: {
                goal: string;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "prompt": "<success_template tool=\"web_search\" goal=\"redis\">\n  Recommended args based on past success:\n    query: redis streams\n    limit: 50\n</success_template>"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionPrompt"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSessionStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts over a session's kept log; times are null for a session with no history */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "total_calls": 2,
                     *       "success_count": 1,
                     *       "failure_count": 1,
                     *       "success_rate": 0.5,
                     *       "total_fixes_detected": 1,
                     *       "tools_tracked": 1,
                     *       "created_at": "2026-12-05T23:18:55.957Z",
                     *       "updated_at": "2026-12-05T23:18:56.010Z"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionStats"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSessionPrompt: {
        parameters: {
            query?: {
                /** @description Comma-separated tool names; default every tool of the session */
                tools?: string;
                goal?: string;
                max_recent_calls?: number;
                max_error_patterns?: number;
                max_success_patterns?: number;
                include_args?: boolean;
                include_timing?: boolean;
                compact?: boolean;
                /** @description Also what other sessions of the tenant learned: fixes this session does not know, per tool */
                shared?: boolean;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "prompt": "<procedural_memory>\n<tool_memory name=\"web_search\">\n<recent_calls>\n  [✓] object[1 keys] (fixed prior by: limit:500->50)\n  [✗] null (fixed by call-0002)\n</recent_calls>\n\n<patterns>\n  success_rate: 50% (2 calls)\n  <common_errors>\n    - ValueError -> fix: change limit: 500 -> 50\n  </common_errors>\n  <success_hints>\n    - Fixed by: limit:500->50\n  </success_hints>\n</patterns>\n</tool_memory>\n</procedural_memory>"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionPrompt"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSessionSummary: {
        parameters: {
            query?: {
                max_tools?: number;
            };
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "prompt": "<procedural_memory_summary>\n  Total: 2 calls, 50% success, 1 fixes detected\n\n  Most used tools:\n    - web_search: 2 calls, 50% success\n      last error: ValueError\n</procedural_memory_summary>"
                     *     }
                     */
                    "application/json": components["schemas"]["SessionPrompt"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSessionSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The log size and fix-detection window a session's calls are recorded with */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-8-run-1",
                     *       "max_log_entries": 200,
                     *       "fix_detection_window": 5,
                     *       "set_by_session": {
                     *         "max_log_entries": 200,
                     *         "fix_detection_window": 5
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SessionSettings"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putSessionSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "max_log_entries": 200,
                 *       "fix_detection_window": 5
                 *     }
                 */
                "application/json": components["schemas"]["SessionSettingsUpdate"];
            };
        };
        responses: {
            /** @description The log size and fix-detection window a session's calls are recorded with */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-8-run-1",
                     *       "max_log_entries": 200,
                     *       "fix_detection_window": 5,
                     *       "set_by_session": {
                     *         "max_log_entries": 200,
                     *         "fix_detection_window": 5
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SessionSettings"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportSessionMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A session's whole procedural memory */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "session_id": "agent-7-run-3",
                     *       "tool_log": [
                     *         {
                     *           "id": "call-0001",
                     *           "timestamp": "2026-12-05T23:18:55.957Z",
                     *           "tool_name": "web_search",
                     *           "arguments": {
                     *             "query": "redis streams",
                     *             "limit": 500
                     *           },
                     *           "arguments_hash": "a373a32cc047",
                     *           "context_goal": "find docs on redis streams",
                     *           "preceding_call_id": null,
                     *           "outcome": "failure",
                     *           "result_summary": "null",
                     *           "result_type": "null",
                     *           "execution_time_ms": null,
                     *           "error_type": "ValueError",
                     *           "error_message": "limit must be at most 100",
                     *           "fixed_by": "call-0002",
                     *           "fix_for": null,
                     *           "delta_args": null,
                     *           "signature": "3f5c529d8ee1030b",
                     *           "template": "limit must be at most <*>"
                     *         },
                     *         {
                     *           "id": "call-0002",
                     *           "timestamp": "2026-12-05T23:18:56.010Z",
                     *           "tool_name": "web_search",
                     *           "arguments": {
                     *             "query": "redis streams",
                     *             "limit": 50
                     *           },
                     *           "arguments_hash": "dea025cd9ebf",
                     *           "context_goal": "find docs on redis streams",
                     *           "preceding_call_id": null,
                     *           "outcome": "success",
                     *           "result_summary": "object[1 keys]",
                     *           "result_type": "object",
                     *           "execution_time_ms": 840,
                     *           "error_type": null,
                     *           "error_message": null,
                     *           "fixed_by": null,
                     *           "fix_for": "call-0001",
                     *           "delta_args": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "tool_patterns": {
                     *         "web_search": {
                     *           "tool_name": "web_search",
                     *           "total_calls": 2,
                     *           "success_count": 1,
                     *           "failure_count": 1,
                     *           "success_rate": 0.5,
                     *           "common_args": {
                     *             "query": [
                     *               "redis streams"
                     *             ],
                     *             "limit": [
                     *               500,
                     *               50
                     *             ]
                     *           },
                     *           "error_patterns": [
                     *             {
                     *               "error_type": "ValueError",
                     *               "count": 1,
                     *               "contexts": [
                     *                 "find docs on redis streams"
                     *               ],
                     *               "example_args": {
                     *                 "query": "redis streams",
                     *                 "limit": 500
                     *               },
                     *               "typical_fix": "change limit: 500 -> 50",
                     *               "fix_delta": {
                     *                 "changed": {
                     *                   "limit": {
                     *                     "from": 500,
                     *                     "to": 50
                     *                   }
                     *                 }
                     *               }
                     *             }
                     *           ],
                     *           "success_patterns": [
                     *             {
                     *               "goal_match": "find docs on redis streams",
                     *               "arg_hints": {
                     *                 "query": "redis streams",
                     *                 "limit": 50
                     *               },
                     *               "example_call_id": "call-0002",
                     *               "delta_that_fixed": {
                     *                 "changed": {
                     *                   "limit": {
                     *                     "from": 500,
                     *                     "to": 50
                     *                   }
                     *                 }
                     *               }
                     *             }
                     *           ],
                     *           "avg_execution_ms": 840,
                     *           "timed_calls": 1,
                     *           "updated_at": "2026-12-05T23:18:56.010Z"
                     *         }
                     *       },
                     *       "fix_relations": [
                     *         {
                     *           "failed_call_id": "call-0001",
                     *           "success_call_id": "call-0002",
                     *           "delta_args": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           },
                     *           "detected_at": "2026-12-05T23:18:56.010Z"
                     *         }
                     *       ],
                     *       "next_call_id": 3,
                     *       "created_at": "2026-12-05T23:18:55.957Z",
                     *       "updated_at": "2026-12-05T23:18:56.010Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ProceduralMemory"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importSessionMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tool_log": [
                 *         {
                 *           "id": "call-0001",
                 *           "timestamp": "2026-12-05T23:18:55.957Z",
                 *           "tool_name": "web_search",
                 *           "arguments": {
                 *             "query": "redis streams",
                 *             "limit": 500
                 *           },
                 *           "arguments_hash": "a373a32cc047",
                 *           "context_goal": "find docs on redis streams",
                 *           "preceding_call_id": null,
                 *           "outcome": "failure",
                 *           "result_summary": "null",
                 *           "result_type": "null",
                 *           "execution_time_ms": null,
                 *           "error_type": "ValueError",
                 *           "error_message": "limit must be at most 100",
                 *           "fixed_by": "call-0002",
                 *           "fix_for": null,
                 *           "delta_args": null,
                 *           "signature": "3f5c529d8ee1030b",
                 *           "template": "limit must be at most <*>"
                 *         },
                 *         {
                 *           "id": "call-0002",
                 *           "timestamp": "2026-12-05T23:18:56.010Z",
                 *           "tool_name": "web_search",
                 *           "arguments": {
                 *             "query": "redis streams",
                 *             "limit": 50
                 *           },
                 *           "arguments_hash": "dea025cd9ebf",
                 *           "context_goal": "find docs on redis streams",
                 *           "preceding_call_id": null,
                 *           "outcome": "success",
                 *           "result_summary": "object[1 keys]",
                 *           "result_type": "object",
                 *           "execution_time_ms": 840,
                 *           "error_type": null,
                 *           "error_message": null,
                 *           "fixed_by": null,
                 *           "fix_for": "call-0001",
                 *           "delta_args": {
                 *             "changed": {
                 *               "limit": {
                 *                 "from": 500,
                 *                 "to": 50
                 *               }
                 *             }
                 *           }
                 *         }
                 *       ],
                 *       "tool_patterns": {
                 *         "web_search": {
                 *           "tool_name": "web_search",
                 *           "total_calls": 2,
                 *           "success_count": 1,
                 *           "failure_count": 1,
                 *           "success_rate": 0.5,
                 *           "common_args": {
                 *             "query": [
                 *               "redis streams"
                 *             ],
                 *             "limit": [
                 *               500,
                 *               50
                 *             ]
                 *           },
                 *           "error_patterns": [
                 *             {
                 *               "error_type": "ValueError",
                 *               "count": 1,
                 *               "contexts": [
                 *                 "find docs on redis streams"
                 *               ],
                 *               "example_args": {
                 *                 "query": "redis streams",
                 *                 "limit": 500
                 *               },
                 *               "typical_fix": "change limit: 500 -> 50",
                 *               "fix_delta": {
                 *                 "changed": {
                 *                   "limit": {
                 *                     "from": 500,
                 *                     "to": 50
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           ],
                 *           "success_patterns": [
                 *             {
                 *               "goal_match": "find docs on redis streams",
                 *               "arg_hints": {
                 *                 "query": "redis streams",
                 *                 "limit": 50
                 *               },
                 *               "example_call_id": "call-0002",
                 *               "delta_that_fixed": {
                 *                 "changed": {
                 *                   "limit": {
                 *                     "from": 500,
                 *                     "to": 50
                 *                   }
                 *                 }
                 *               }
                 *             }
                 *           ],
                 *           "avg_execution_ms": 840,
                 *           "timed_calls": 1,
                 *           "updated_at": "2026-12-05T23:18:56.010Z"
                 *         }
                 *       },
                 *       "fix_relations": [
                 *         {
                 *           "failed_call_id": "call-0001",
                 *           "success_call_id": "call-0002",
                 *           "delta_args": {
                 *             "changed": {
                 *               "limit": {
                 *                 "from": 500,
                 *                 "to": 50
                 *               }
                 *             }
                 *           },
                 *           "detected_at": "2026-12-05T23:18:56.010Z"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ProceduralMemoryImport"];
            };
        };
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resetSessionMemory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSharedTools: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000 */
                limit?: number;
                /** @description The next_cursor of the previous page of the same listing by prefix */
                cursor?: string;
                /** @description Only the tools whose name starts with this, listed in name order (byte order), a page at a time (1-128 letters, digits, '.', '_', ':' or '-') */
                prefix?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's tools, most calls first; with prefix, those that match, in name order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tools": [
                     *         {
                     *           "tool_name": "web_search",
                     *           "total_calls": 4,
                     *           "success_rate": 0.5,
                     *           "fixes_learned": 2,
                     *           "sessions_seen": 2,
                     *           "last_used_at": "2026-12-05T23:18:56.155Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SharedToolList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSharedToolKnowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What every session of the tenant taught about one tool */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "total_calls": 4,
                     *       "success_count": 2,
                     *       "failure_count": 2,
                     *       "success_rate": 0.5,
                     *       "common_args": {
                     *         "query": [
                     *           "redis streams",
                     *           "redis sentinel"
                     *         ],
                     *         "limit": [
                     *           500,
                     *           50
                     *         ]
                     *       },
                     *       "error_patterns": [
                     *         {
                     *           "error_type": "ValueError",
                     *           "count": 2,
                     *           "contexts": [
                     *             "find docs on redis streams"
                     *           ],
                     *           "example_args": {
                     *             "query": "redis streams",
                     *             "limit": 500
                     *           },
                     *           "typical_fix": "change limit: 500 -> 50",
                     *           "fix_delta": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           },
                     *           "fix_text": "change limit: 500 → 50",
                     *           "fixes": [
                     *             {
                     *               "fix_delta": {
                     *                 "changed": {
                     *                   "limit": {
                     *                     "from": 500,
                     *                     "to": 50
                     *                   }
                     *                 }
                     *               },
                     *               "typical_fix": "change limit: 500 -> 50",
                     *               "fix_text": "change limit: 500 → 50",
                     *               "times_applied": 2,
                     *               "efficacy": {
                     *                 "offered": 1,
                     *                 "adopted": 1,
                     *                 "worked": 1,
                     *                 "failed": 0,
                     *                 "other_fix": 0,
                     *                 "ignored": 0,
                     *                 "recent_outcomes": "ww",
                     *                 "score": 0.3423719528896193,
                     *                 "retired": false
                     *               },
                     *               "last_applied_at": "2026-12-05T23:18:56.155Z"
                     *             }
                     *           ],
                     *           "recent_fixes": [
                     *             {
                     *               "session_id": "agent-9-run-1",
                     *               "failed_call_id": "call-0001",
                     *               "fix_call_id": "call-0002",
                     *               "applied_at": "2026-12-05T23:18:56.155Z"
                     *             },
                     *             {
                     *               "session_id": "agent-7-run-3",
                     *               "failed_call_id": "call-0001",
                     *               "fix_call_id": "call-0002",
                     *               "applied_at": "2026-12-05T23:18:56.010Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "success_patterns": [
                     *         {
                     *           "goal_match": "find docs on redis streams",
                     *           "arg_hints": {
                     *             "query": "redis streams",
                     *             "limit": 50
                     *           },
                     *           "example_call_id": "call-0002",
                     *           "delta_that_fixed": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           },
                     *           "session_id": "agent-7-run-3"
                     *         },
                     *         {
                     *           "goal_match": null,
                     *           "arg_hints": {
                     *             "query": "redis sentinel",
                     *             "limit": 50
                     *           },
                     *           "example_call_id": "call-0002",
                     *           "delta_that_fixed": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           },
                     *           "session_id": "agent-9-run-1"
                     *         }
                     *       ],
                     *       "avg_execution_ms": 725,
                     *       "timed_calls": 2,
                     *       "updated_at": "2026-12-05T23:18:56.155Z",
                     *       "fixes_learned": 2,
                     *       "sessions_seen": 2,
                     *       "last_used_at": "2026-12-05T23:18:56.155Z",
                     *       "efficacy": {
                     *         "offered": 1,
                     *         "adopted": 1,
                     *         "worked": 1,
                     *         "failed": 0,
                     *         "other_fix": 0,
                     *         "ignored": 0,
                     *         "pending": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SharedToolKnowledge"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    forgetSharedTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Forgotten (also when nothing was known) */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below admin: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSharedFix: {
        parameters: {
            query: {
                error_type: string;
                /** @description The failing call's arguments as JSON: then only a fix that applies to them is answered (one that changes a value they hold, adds a key they lack or removes one they have) */
                arguments?: string;
            };
            header?: never;
            path: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The best fix the tenant knows for an error type (by efficacy), with the alternatives */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "error_type": "ValueError",
                     *       "fix_delta": {
                     *         "changed": {
                     *           "limit": {
                     *             "from": 500,
                     *             "to": 50
                     *           }
                     *         }
                     *       },
                     *       "typical_fix": "change limit: 500 -> 50",
                     *       "fix_text": "change limit: 500 → 50",
                     *       "times_applied": 2,
                     *       "efficacy": {
                     *         "offered": 1,
                     *         "adopted": 1,
                     *         "worked": 1,
                     *         "failed": 0,
                     *         "other_fix": 0,
                     *         "ignored": 0,
                     *         "recent_outcomes": "ww",
                     *         "score": 0.3423719528896193,
                     *         "retired": false
                     *       },
                     *       "alternatives": []
                     *     }
                     */
                    "application/json": components["schemas"]["SharedKnownFix"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSharedErrorGuidance: {
        parameters: {
            query: {
                error_type: string;
                /** @description The failing call's arguments as JSON: then only a fix that applies to them is answered (one that changes a value they hold, adds a key they lack or removes one they have) */
                arguments?: string;
            };
            header?: never;
            path: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "prompt": "<error_guidance tool=\"web_search\" error=\"ValueError\">\n  Previous fix: change limit: 500 → 50\n  Past fixes:\n    - agent-9-run-1: call-0001 -> call-0002\n    - agent-7-run-3: call-0001 -> call-0002\n</error_guidance>"
                     *     }
                     */
                    "application/json": components["schemas"]["SharedErrorGuidance"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContext: {
        parameters: {
            query?: {
                /** @description Task id (1-128 letters, digits, '.', '_', ':' or '-') */
                task_id?: string;
                /** @description Session id (1-128 letters, digits, '.', '_', ':' or '-') */
                session_id?: string;
                /** @description Comma-separated tool names; default every tool of the session */
                tools?: string;
                /** @description The budget, in tokens of the encoding named in the response */
                max_tokens?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The prompt block as JSON; with Accept: text/plain, the prompt text alone, its last line ended with a newline */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "prompt": "## WHAT WORKED\nAttempt #2 succeeded: default the config to {} when the file is missing\nKnown fix for TypeError (worked in task build-report-42): default the config to {} when the file is missing\n\n## LEARNINGS FROM PREVIOUS ATTEMPTS\n\nPREVIOUS ATTEMPT #1 FAILED:\nError Type: TypeError\nError: 'NoneType' object has no attribute 'get'\nHypothesized Fix: Check variable types. Ensure correct attribute access. Add null/None checks.\nSuggested Approach: check the config for None before reading keys\n\n<procedural_memory>\n<tool_memory name=\"web_search\">\n<recent_calls>\n  [✓] object[1 keys] (fixed prior by: change limit: 500 → 50)\n  [✗] (fixed by call-0002)\n</recent_calls>\n\n<patterns>\n  success_rate: 50% (2 calls)\n  <common_errors>\n    - ValueError -> fix: change limit: 500 → 50\n  </common_errors>\n  <success_hints>\n    - Fixed by: change limit: 500 → 50\n  </success_hints>\n</patterns>\n</tool_memory>\n</procedural_memory>",
                     *       "tokens": 252,
                     *       "max_tokens": 400,
                     *       "encoding": "o200k_base",
                     *       "sections": [
                     *         {
                     *           "name": "what_worked",
                     *           "items": 2,
                     *           "omitted": 0
                     *         },
                     *         {
                     *           "name": "lessons",
                     *           "items": 1,
                     *           "omitted": 0
                     *         },
                     *         {
                     *           "name": "procedural_memory",
                     *           "items": 1,
                     *           "omitted": 0
                     *         },
                     *         {
                     *           "name": "shared_tool_knowledge",
                     *           "items": 0,
                     *           "omitted": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ContextBlock"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000 */
                limit?: number;
                /** @description The next_cursor of the previous page (of the same listing: with the same prefix, or without one) */
                cursor?: string;
                /** @description Only the items whose id starts with this, listed in id order (byte order) instead of by activity (1-128 letters, digits, '.', '_', ':' or '-') */
                prefix?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's tasks that keep lessons, most recently active first; with prefix, those that match, in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tasks": [
                     *         {
                     *           "task_id": "build-report-43",
                     *           "total_lessons": 1,
                     *           "total_captured": 1,
                     *           "by_category": {
                     *             "type": 1
                     *           },
                     *           "last_error_type": "TypeError",
                     *           "resolved": true,
                     *           "updated_at": "2026-12-05T23:18:55.937Z"
                     *         },
                     *         {
                     *           "task_id": "build-report-42",
                     *           "total_lessons": 1,
                     *           "total_captured": 1,
                     *           "by_category": {
                     *             "type": 1
                     *           },
                     *           "last_error_type": "TypeError",
                     *           "resolved": true,
                     *           "updated_at": "2026-12-05T23:18:55.914Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["TaskList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description Items per page, 1 to 1000 */
                limit?: number;
                /** @description The next_cursor of the previous page (of the same listing: with the same prefix, or without one) */
                cursor?: string;
                /** @description Only the items whose id starts with this, listed in id order (byte order) instead of by activity (1-128 letters, digits, '.', '_', ':' or '-') */
                prefix?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's sessions that keep calls, most recently active first; with prefix, those that match, in id order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sessions": [
                     *         {
                     *           "session_id": "agent-9-run-1",
                     *           "total_calls": 2,
                     *           "success_rate": 0.5,
                     *           "total_fixes_detected": 1,
                     *           "tools_tracked": 1,
                     *           "updated_at": "2026-12-05T23:18:56.155Z"
                     *         },
                     *         {
                     *           "session_id": "agent-7-run-3",
                     *           "total_calls": 2,
                     *           "success_rate": 0.5,
                     *           "total_fixes_detected": 1,
                     *           "tools_tracked": 1,
                     *           "updated_at": "2026-12-05T23:18:56.010Z"
                     *         }
                     *       ],
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["SessionList"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOverview: {
        parameters: {
            query?: {
                /** @description hour: 60 one-minute points; day: 24 one-hour points; week: 168 one-hour points */
                window?: "hour" | "day" | "week";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the tenant's agents are doing, now and over time */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "window": "hour",
                     *       "tasks": {
                     *         "active_last_hour": 2,
                     *         "active_last_day": 2
                     *       },
                     *       "sessions": {
                     *         "active_last_hour": 2,
                     *         "active_last_day": 2
                     *       },
                     *       "failures_by_category": {
                     *         "type": 2
                     *       },
                     *       "timeline": [
                     *         {
                     *           "at": "2026-12-05T22:19:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:20:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:21:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:22:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:23:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:24:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:25:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:26:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:27:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:28:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:29:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:30:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:31:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:32:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:33:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:34:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:35:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:36:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:37:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:38:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:39:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:40:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:41:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:42:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:43:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:44:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:45:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:46:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:47:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:48:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:49:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:50:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:51:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:52:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:53:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:54:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:55:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:56:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:57:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:58:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:59:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:00:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:01:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:02:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:03:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:04:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:05:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:06:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:07:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:08:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:09:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:10:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:11:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:12:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:13:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:14:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:15:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:16:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:17:00.000Z",
                     *           "lessons": 0,
                     *           "tool_calls": 0,
                     *           "successes": 0,
                     *           "fixes": 0,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:18:00.000Z",
                     *           "lessons": 2,
                     *           "tool_calls": 4,
                     *           "successes": 2,
                     *           "fixes": 2,
                     *           "tokens_used": 0,
                     *           "duration_ms": 0
                     *         }
                     *       ],
                     *       "latency_since": "2026-12-05T22:00:00.000Z",
                     *       "tool_latency": [
                     *         {
                     *           "tool_name": "web_search",
                     *           "calls": 2,
                     *           "p50_ms": 631,
                     *           "p95_ms": 963.1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TenantOverview"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getToolActivity: {
        parameters: {
            query?: {
                /** @description day: 24 one-hour points; week: 168 one-hour points */
                window?: "day" | "week";
            };
            header?: never;
            path: {
                /** @description Tool name (1-128 letters, digits, '.', '_', ':' or '-') */
                tool_name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One tool's calls and success over time, its latency and the sessions that used it */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tool_name": "web_search",
                     *       "window": "day",
                     *       "timeline": [
                     *         {
                     *           "at": "2026-12-05T00:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T01:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T02:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T03:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T04:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T05:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T06:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T07:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T08:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T09:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T10:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T11:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T12:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T13:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T14:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T15:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T16:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T17:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T18:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T19:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T20:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T21:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T22:00:00.000Z",
                     *           "calls": 0,
                     *           "successes": 0
                     *         },
                     *         {
                     *           "at": "2026-12-05T23:00:00.000Z",
                     *           "calls": 4,
                     *           "successes": 2
                     *         }
                     *       ],
                     *       "latency": {
                     *         "calls": 2,
                     *         "p50_ms": 631,
                     *         "p95_ms": 963.1
                     *       },
                     *       "recent_sessions": [
                     *         {
                     *           "session_id": "agent-9-run-1",
                     *           "last_used_at": "2026-12-05T23:18:56.155Z"
                     *         },
                     *         {
                     *           "session_id": "agent-7-run-3",
                     *           "last_used_at": "2026-12-05T23:18:56.010Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ToolActivity"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEfficacy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the memory's offered fixes did for this tenant */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tools": {
                     *         "offered": 1,
                     *         "adopted": 1,
                     *         "worked": 1,
                     *         "failed": 0,
                     *         "other_fix": 0,
                     *         "ignored": 0,
                     *         "pending": 0,
                     *         "adoption_rate": 1,
                     *         "success_rate_when_adopted": 1
                     *       },
                     *       "lessons": {
                     *         "tasks_offered": 1,
                     *         "tasks_resolved_after_offer": 1,
                     *         "tasks_resolved_without_offer": 1,
                     *         "mean_attempts_with_offer": 2,
                     *         "mean_attempts_without_offer": 3,
                     *         "mean_attempts_after_offer": 1
                     *       },
                     *       "best_fixes": [
                     *         {
                     *           "tool_name": "web_search",
                     *           "error_type": "ValueError",
                     *           "fix_delta": {
                     *             "changed": {
                     *               "limit": {
                     *                 "from": 500,
                     *                 "to": 50
                     *               }
                     *             }
                     *           },
                     *           "typical_fix": "change limit: 500 -> 50",
                     *           "fix_text": "change limit: 500 → 50",
                     *           "times_applied": 2,
                     *           "efficacy": {
                     *             "offered": 1,
                     *             "adopted": 1,
                     *             "worked": 1,
                     *             "failed": 0,
                     *             "other_fix": 0,
                     *             "ignored": 0,
                     *             "recent_outcomes": "ww",
                     *             "score": 0.3423719528896193,
                     *             "retired": false
                     *           }
                     *         }
                     *       ],
                     *       "worst_fixes": []
                     *     }
                     */
                    "application/json": components["schemas"]["EfficacyReport"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recall: {
        parameters: {
            query: {
                /** @description The failure as you have it: an error message, a log line or a stack trace. Its first 500 characters are placed against the tenant's templates as a failure's message is kept; terms are read from its first 2,000; the rest is ignored */
                q: string;
                /** @description Lesson signatures, tools' failures, or both */
                kind?: "lessons" | "tools" | "all";
                /** @description Only failures of this tool */
                tool?: string;
                /** @description Only failures of this error type */
                error_type?: string;
                /** @description Matches answered at most, 1 to 50 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's failures most like the query */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matches": [
                     *         {
                     *           "kind": "lesson",
                     *           "signature": "ee20ac7f19fde7a1",
                     *           "template": "<*> object has no attribute <*>",
                     *           "error_type": "TypeError",
                     *           "tool_name": null,
                     *           "score": 1.964626,
                     *           "why": {
                     *             "same_template": true,
                     *             "terms": [
                     *               "object",
                     *               "attribute",
                     *               "nonetype"
                     *             ]
                     *           },
                     *           "occurrences": 2,
                     *           "last_seen": "2026-12-05T23:18:55.917Z",
                     *           "task_ids": [
                     *             "build-report-43",
                     *             "build-report-42"
                     *           ],
                     *           "session_ids": [],
                     *           "resolution": {
                     *             "task_id": "build-report-43",
                     *             "approach": "default the config to {} when the file is missing",
                     *             "resolved_at": "2026-12-05T23:18:55.937Z"
                     *           },
                     *           "fix": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RecallAnswer"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    recallByBody: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "q": "Traceback (most recent call last):\n  File \"agent.py\", line 88, in search\n    hits = web_search(query, limit=500)\nValueError: limit must be at most 100",
                 *       "kind": "tools"
                 *     }
                 */
                "application/json": components["schemas"]["RecallQuery"];
            };
        };
        responses: {
            /** @description The tenant's failures most like the query */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matches": [
                     *         {
                     *           "kind": "tool",
                     *           "signature": "3f5c529d8ee1030b",
                     *           "template": "limit must be at most <*>",
                     *           "error_type": "ValueError",
                     *           "tool_name": "web_search",
                     *           "score": 2.20851,
                     *           "why": {
                     *             "same_template": false,
                     *             "terms": [
                     *               "limit",
                     *               "most",
                     *               "100"
                     *             ]
                     *           },
                     *           "occurrences": 2,
                     *           "last_seen": "2026-12-05T23:18:56.153Z",
                     *           "task_ids": [],
                     *           "session_ids": [
                     *             "agent-9-run-1",
                     *             "agent-7-run-3"
                     *           ],
                     *           "resolution": null,
                     *           "fix": {
                     *             "fix_delta": {
                     *               "changed": {
                     *                 "limit": {
                     *                   "from": 500,
                     *                   "to": 50
                     *                 }
                     *               }
                     *             },
                     *             "typical_fix": "change limit: 500 -> 50",
                     *             "fix_text": "change limit: 500 → 50",
                     *             "times_applied": 2,
                     *             "efficacy": {
                     *               "offered": 1,
                     *               "adopted": 1,
                     *               "worked": 1,
                     *               "failed": 0,
                     *               "other_fix": 0,
                     *               "ignored": 0,
                     *               "recent_outcomes": "ww",
                     *               "score": 0.3423719528896193,
                     *               "retired": false
                     *             }
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RecallAnswer"];
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description Comma-separated event types to receive: lesson.captured, tool_call.recorded, fix.detected, fix.offered, fix.outcome, task.resolved */
                types?: string;
                /** @description Only this task's events */
                task_id?: string;
                /** @description Only this session's events */
                session_id?: string;
                /** @description Without Last-Event-ID: start with the last N events of the log (1 to 1000), then filter and follow; with it, ignored (the stream resumes after that event) */
                recent?: number;
            };
            header?: {
                /** @description Resume after this event: every kept event after it is sent first */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events, for as long as the client stays: lesson.captured, tool_call.recorded, fix.detected, fix.offered, fix.outcome and task.resolved, each with an id and JSON data, and a comment line as a heartbeat */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportTraces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "resourceSpans": [
                 *         {
                 *           "resource": {
                 *             "attributes": [
                 *               {
                 *                 "key": "service.name",
                 *                 "value": {
                 *                   "stringValue": "support-agent"
                 *                 }
                 *               }
                 *             ]
                 *           },
                 *           "scopeSpans": [
                 *             {
                 *               "scope": {
                 *                 "name": "support-agent"
                 *               },
                 *               "spans": [
                 *                 {
                 *                   "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
                 *                   "spanId": "00f067aa0ba902b7",
                 *                   "name": "execute_tool web_search",
                 *                   "kind": 1,
                 *                   "startTimeUnixNano": "1796000000000000000",
                 *                   "endTimeUnixNano": "1796000000420000000",
                 *                   "attributes": [
                 *                     {
                 *                       "key": "gen_ai.operation.name",
                 *                       "value": {
                 *                         "stringValue": "execute_tool"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.name",
                 *                       "value": {
                 *                         "stringValue": "web_search"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.conversation.id",
                 *                       "value": {
                 *                         "stringValue": "support-chat-17"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.call.arguments",
                 *                       "value": {
                 *                         "stringValue": "{\"query\":\"redis streams\",\"limit\":500}"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "error.type",
                 *                       "value": {
                 *                         "stringValue": "ValueError"
                 *                       }
                 *                     }
                 *                   ],
                 *                   "status": {
                 *                     "code": 2,
                 *                     "message": "limit must be at most 100"
                 *                   }
                 *                 },
                 *                 {
                 *                   "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
                 *                   "spanId": "53995c3f42cd8ad8",
                 *                   "name": "execute_tool web_search",
                 *                   "kind": 1,
                 *                   "startTimeUnixNano": "1796000000900000000",
                 *                   "endTimeUnixNano": "1796000001320000000",
                 *                   "attributes": [
                 *                     {
                 *                       "key": "gen_ai.operation.name",
                 *                       "value": {
                 *                         "stringValue": "execute_tool"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.name",
                 *                       "value": {
                 *                         "stringValue": "web_search"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.conversation.id",
                 *                       "value": {
                 *                         "stringValue": "support-chat-17"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.call.arguments",
                 *                       "value": {
                 *                         "stringValue": "{\"query\":\"redis streams\",\"limit\":50}"
                 *                       }
                 *                     }
                 *                   ],
                 *                   "status": {
                 *                     "code": 1
                 *                   }
                 *                 }
                 *               ]
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ExportTraceServiceRequest"];
                /**
                 * @example {
                 *       "resourceSpans": [
                 *         {
                 *           "resource": {
                 *             "attributes": [
                 *               {
                 *                 "key": "service.name",
                 *                 "value": {
                 *                   "stringValue": "support-agent"
                 *                 }
                 *               }
                 *             ]
                 *           },
                 *           "scopeSpans": [
                 *             {
                 *               "scope": {
                 *                 "name": "support-agent"
                 *               },
                 *               "spans": [
                 *                 {
                 *                   "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
                 *                   "spanId": "00f067aa0ba902b7",
                 *                   "name": "execute_tool web_search",
                 *                   "kind": 1,
                 *                   "startTimeUnixNano": "1796000000000000000",
                 *                   "endTimeUnixNano": "1796000000420000000",
                 *                   "attributes": [
                 *                     {
                 *                       "key": "gen_ai.operation.name",
                 *                       "value": {
                 *                         "stringValue": "execute_tool"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.name",
                 *                       "value": {
                 *                         "stringValue": "web_search"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.conversation.id",
                 *                       "value": {
                 *                         "stringValue": "support-chat-17"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.call.arguments",
                 *                       "value": {
                 *                         "stringValue": "{\"query\":\"redis streams\",\"limit\":500}"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "error.type",
                 *                       "value": {
                 *                         "stringValue": "ValueError"
                 *                       }
                 *                     }
                 *                   ],
                 *                   "status": {
                 *                     "code": 2,
                 *                     "message": "limit must be at most 100"
                 *                   }
                 *                 },
                 *                 {
                 *                   "traceId": "4bf92f3577b34da6a3ce929d0e0e4736",
                 *                   "spanId": "53995c3f42cd8ad8",
                 *                   "name": "execute_tool web_search",
                 *                   "kind": 1,
                 *                   "startTimeUnixNano": "1796000000900000000",
                 *                   "endTimeUnixNano": "1796000001320000000",
                 *                   "attributes": [
                 *                     {
                 *                       "key": "gen_ai.operation.name",
                 *                       "value": {
                 *                         "stringValue": "execute_tool"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.name",
                 *                       "value": {
                 *                         "stringValue": "web_search"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.conversation.id",
                 *                       "value": {
                 *                         "stringValue": "support-chat-17"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "gen_ai.tool.call.arguments",
                 *                       "value": {
                 *                         "stringValue": "{\"query\":\"redis streams\",\"limit\":50}"
                 *                       }
                 *                     }
                 *                   ],
                 *                   "status": {
                 *                     "code": 1
                 *                   }
                 *                 }
                 *               ]
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/x-protobuf": components["schemas"]["ExportTraceServiceRequest"];
            };
        };
        responses: {
            /** @description Accepted: an ExportTraceServiceResponse, in the request's encoding */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["ExportTraceServiceResponse"];
                    "application/x-protobuf": string;
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    exportLogs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "resourceLogs": [
                 *         {
                 *           "resource": {
                 *             "attributes": [
                 *               {
                 *                 "key": "service.name",
                 *                 "value": {
                 *                   "stringValue": "claude-code"
                 *                 }
                 *               }
                 *             ]
                 *           },
                 *           "scopeLogs": [
                 *             {
                 *               "scope": {
                 *                 "name": "com.anthropic.claude_code.events"
                 *               },
                 *               "logRecords": [
                 *                 {
                 *                   "timeUnixNano": "1796000003000000000",
                 *                   "body": {
                 *                     "stringValue": "claude_code.tool_result"
                 *                   },
                 *                   "attributes": [
                 *                     {
                 *                       "key": "event.name",
                 *                       "value": {
                 *                         "stringValue": "tool_result"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "session.id",
                 *                       "value": {
                 *                         "stringValue": "3f9a2b7c-claude-session"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "tool_name",
                 *                       "value": {
                 *                         "stringValue": "Bash"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "success",
                 *                       "value": {
                 *                         "stringValue": "false"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "duration_ms",
                 *                       "value": {
                 *                         "stringValue": "1210"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "error",
                 *                       "value": {
                 *                         "stringValue": "Exit code 1\nnpm ERR! missing script: tset"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "tool_parameters",
                 *                       "value": {
                 *                         "stringValue": "{\"bash_command\":\"npm\",\"full_command\":\"npm run tset\",\"description\":\"Run the tests\"}"
                 *                       }
                 *                     }
                 *                   ]
                 *                 }
                 *               ]
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ExportLogsServiceRequest"];
                /**
                 * @example {
                 *       "resourceLogs": [
                 *         {
                 *           "resource": {
                 *             "attributes": [
                 *               {
                 *                 "key": "service.name",
                 *                 "value": {
                 *                   "stringValue": "claude-code"
                 *                 }
                 *               }
                 *             ]
                 *           },
                 *           "scopeLogs": [
                 *             {
                 *               "scope": {
                 *                 "name": "com.anthropic.claude_code.events"
                 *               },
                 *               "logRecords": [
                 *                 {
                 *                   "timeUnixNano": "1796000003000000000",
                 *                   "body": {
                 *                     "stringValue": "claude_code.tool_result"
                 *                   },
                 *                   "attributes": [
                 *                     {
                 *                       "key": "event.name",
                 *                       "value": {
                 *                         "stringValue": "tool_result"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "session.id",
                 *                       "value": {
                 *                         "stringValue": "3f9a2b7c-claude-session"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "tool_name",
                 *                       "value": {
                 *                         "stringValue": "Bash"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "success",
                 *                       "value": {
                 *                         "stringValue": "false"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "duration_ms",
                 *                       "value": {
                 *                         "stringValue": "1210"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "error",
                 *                       "value": {
                 *                         "stringValue": "Exit code 1\nnpm ERR! missing script: tset"
                 *                       }
                 *                     },
                 *                     {
                 *                       "key": "tool_parameters",
                 *                       "value": {
                 *                         "stringValue": "{\"bash_command\":\"npm\",\"full_command\":\"npm run tset\",\"description\":\"Run the tests\"}"
                 *                       }
                 *                     }
                 *                   ]
                 *                 }
                 *               ]
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/x-protobuf": components["schemas"]["ExportLogsServiceRequest"];
            };
        };
        responses: {
            /** @description Accepted: an ExportLogsServiceResponse, in the request's encoding */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example {} */
                    "application/json": components["schemas"]["ExportLogsServiceResponse"];
                    "application/x-protobuf": string;
                };
            };
            /** @description Invalid request: the problem names every offending field */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Missing or unknown API key (when API keys are configured) */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's scope is below write: nothing was done */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported media type */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The tenant's rate limit is exceeded; retry after the Retry-After seconds */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unexpected error; the body reveals no internals */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Store unavailable; retry after the Retry-After seconds */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
