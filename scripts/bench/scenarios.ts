// What the benchmark sends: realistic lesson captures, tool-call sequences with failures and fixes, and reads.
import type { Request } from "autocannon";
import { jsonTraceBatch, protobufTraceBatch } from "./otlp.js";

export const BENCH_KEY = "bench-key-0123456789abcdef";
export const TASKS = 1000;
export const SESSIONS = 200;
/** What the bench's service keeps of a task (LESSONS_MAX_PER_TASK); the scale fill trims the same way. */
export const LESSONS_KEPT_PER_TASK = 40;

const ERRORS = [
  ["SyntaxError", "invalid syntax on line 42: unexpected ')' after the argument list of the call"],
  ["TypeError", "'NoneType' object has no attribute 'get' while reading the configuration section"],
  ["TimeoutError", "the request to the build service timed out after 30 seconds of waiting"],
  ["RateLimitError", "429 Too Many Requests: the model API rate limit was exceeded for this key"],
  ["ModuleNotFoundError", "No module named 'pandas'; the sandbox image does not ship it"],
  ["AssertionError", "expected the parser to return 3 tokens but it returned 4 for input 'a b c'"],
] as const;
const TOOLS = ["search", "read_file", "run_tests", "edit_file", "sql_query"];

let offeredSessions = 0;
let deciderSessions = 0;

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const headers = { authorization: `Bearer ${BENCH_KEY}`, "content-type": "application/json" };
export const authOnly = { authorization: `Bearer ${BENCH_KEY}` };

/** A lesson capture as the bench sends it: a realistic error with its context, model and costs. */
export function lessonBody(): string {
  const [errorType, message] = pick(ERRORS);
  return JSON.stringify({
    attempt_number: 1 + Math.floor(Math.random() * 5),
    tier: 1 + Math.floor(Math.random() * 3),
    error_type: errorType,
    error_message: message,
    error_context: "while running step 3 of the plan: compile, then test the package",
    model: "model-large-2026",
    duration_ms: Math.floor(Math.random() * 60_000),
    tokens_used: Math.floor(Math.random() * 20_000),
  });
}

// Streamable HTTP asks the client to accept both a JSON reply and an event stream.
const mcpHeaders = { ...headers, accept: "application/json, text/event-stream" };
let mcpId = 0;
function mcpCall(name: string, args: Record<string, unknown>): string {
  mcpId += 1;
  return JSON.stringify({ jsonrpc: "2.0", id: mcpId, method: "tools/call", params: { name, arguments: args } });
}

/** The bench's three kinds of tool call: a failure, the success that fixes it, and a plain success. */
export function toolCallBody(kind: "failure" | "fix" | "success", tool: string, n: number): Record<string, unknown> {
  if (kind === "fix") return { tool_name: tool, arguments: { query: `q${n}`, limit: 20, retry: true }, outcome: "success", result: { status: "ok", rows: n }, execution_time_ms: 40 };
  if (kind === "failure") {
    return { tool_name: tool, arguments: { query: `q${n}`, limit: 20 }, outcome: "failure", error_type: "timeout", error_message: "took too long", context_goal: "find the failing test", execution_time_ms: 5000 };
  }
  return { tool_name: tool, arguments: { query: `q${n}`, limit: 10 }, outcome: "success", result: ["a", "b"], context_goal: "find the failing test", execution_time_ms: 25 };
}

export const taskPath = () => `/tasks/task-${Math.floor(Math.random() * TASKS)}`;
export const sessionPath = () => `/sessions/session-${Math.floor(Math.random() * SESSIONS)}`;

export interface Scenario {
  requests: Request[];
  /** Event streams (GET /events) held open while the scenario runs: what writes cost with dashboards watching. */
  openStreams?: number;
  /** Sent to a second service with REDIS_WAIT_REPLICAS=1, on the same Redis with a local replica. */
  replicaWait?: boolean;
  /**
   * The scenario whose floor this one is measured against: a bare route sending the Redis commands
   * that scenario's requests sent (see floor.mjs). A scenario naming itself has a floor of its own.
   */
  floor?: string;
  /** Connections instead of the run's 50: a batch's senders are few (a collector exports with about 10 at once). */
  connections?: number;
  /** Data the scenario needs in Redis before the rounds (the service's key prefix given; less in a --quick run), written once. */
  prepare?: (redisUrl: string, prefix: string, quick: boolean) => Promise<void>;
}

export const scenarios: Record<string, Scenario> = {
  "POST lessons": {
    floor: "POST lessons",
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons`, body: lessonBody() }),
      },
    ],
  },
  "POST lessons (20 streams open)": {
    openStreams: 20,
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons`, body: lessonBody() }),
      },
    ],
  },
  "POST lessons (idempotent)": {
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          path: `${taskPath()}/lessons`,
          headers: { ...headers, "idempotency-key": `bench-${Math.random().toString(36).slice(2)}-${Date.now()}` },
          body: lessonBody(),
        }),
      },
    ],
  },
  "GET lessons/prompt": {
    floor: "GET lessons/prompt",
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons/prompt` }) }],
  },
  "GET lessons/prompt (grouped)": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons/prompt?group=signature` }) }],
  },
  "GET lessons/signatures": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons/signatures` }) }],
  },
  "PUT resolution": {
    requests: [
      {
        method: "PUT",
        headers,
        setupRequest: (request) => ({
          ...request,
          path: `${taskPath()}/resolution`,
          body: JSON.stringify({ attempt_number: 6, approach: "split the build into two steps and cache the dependencies", model: "model-large-2026" }),
        }),
      },
    ],
  },
  "GET /lessons/signatures": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/lessons/signatures" }) }],
  },
  "GET lessons/stats": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `${taskPath()}/lessons/stats` }) }],
  },
  "POST tool-calls": {
    floor: "POST tool-calls",
    requests: [
      {
        method: "POST",
        headers,
        // Each connection plays an agent: about 30% of calls fail, and most failures are followed
        // by a success of the same tool with changed arguments (a fix).
        setupRequest: (request, context: { pending?: { session: string; tool: string; n: number } }) => {
          let call: Record<string, unknown>;
          let session: string;
          if (context.pending && Math.random() < 0.85) {
            const { tool, n } = context.pending;
            session = context.pending.session;
            call = toolCallBody("fix", tool, n);
            context.pending = undefined;
          } else {
            session = sessionPath();
            const tool = pick(TOOLS);
            const n = Math.floor(Math.random() * 1000);
            if (Math.random() < 0.3) {
              context.pending = { session, tool, n };
              call = toolCallBody("failure", tool, n);
            } else {
              context.pending = undefined;
              call = toolCallBody("success", tool, n);
            }
          }
          return { ...request, path: `${session}/tool-calls`, body: JSON.stringify(call) };
        },
      },
    ],
  },
  // The same failure with an error type no call ever fixed: the cost of a failure without an offer.
  "POST tool-calls (failure without a known fix)": {
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => {
          offeredSessions += 1;
          const body = { ...toolCallBody("failure", pick(TOOLS), offeredSessions), error_type: "never_fixed" };
          return { ...request, path: `/sessions/unfixed-${offeredSessions}/tool-calls`, body: JSON.stringify(body) };
        },
      },
    ],
  },
  // Offers (after POST tool-calls ran, so each tool has a known fix for its timeouts). A failure in a
  // session of its own: the tenant's part chooses the fix, counts the offer and keeps it pending.
  "POST tool-calls (offered a fix)": {
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => {
          offeredSessions += 1;
          const body = toolCallBody("failure", pick(TOOLS), offeredSessions);
          return { ...request, path: `/sessions/offered-${offeredSessions}/tool-calls`, body: JSON.stringify(body) };
        },
      },
    ],
  },
  // Each connection keeps failing the same way in its own session: every call decides the offer the
  // one before got (ignored: the same arguments again) and is offered the fix anew. Minus the row
  // above, what deciding costs.
  "POST tool-calls (decides an offer)": {
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request, context: { session?: string; tool?: string }) => {
          deciderSessions += 1;
          context.session ??= `decider-${deciderSessions}`;
          context.tool ??= pick(TOOLS);
          return { ...request, path: `/sessions/${context.session}/tool-calls`, body: JSON.stringify(toolCallBody("failure", context.tool, 1)) };
        },
      },
    ],
  },
  // Sessions of their own, so that the other rows record with the service's settings.
  "PUT session settings": {
    requests: [
      {
        method: "PUT",
        headers,
        setupRequest: (request) => ({
          ...request,
          path: `/sessions/settings-${Math.floor(Math.random() * SESSIONS)}/settings`,
          body: JSON.stringify({ max_log_entries: 200, fix_detection_window: 5 }),
        }),
      },
    ],
  },
  "GET session prompt": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `${sessionPath()}/prompt` }) }],
  },
  // A session that has not called its tools yet gets what the tenant learned (after POST tool-calls ran).
  "GET shared prompt (fresh)": {
    requests: [
      {
        method: "GET",
        headers: authOnly,
        setupRequest: (request) => ({ ...request, path: `/sessions/fresh-${Math.floor(Math.random() * SESSIONS)}/prompt?tools=${pick(TOOLS)},${pick(TOOLS)}&shared=true` }),
      },
    ],
  },
  "GET /tools": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/tools" }) }],
  },
  "GET /tools/{tool}": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tools/${pick(TOOLS)}` }) }],
  },
  "GET /context": {
    requests: [
      {
        method: "GET",
        headers: authOnly,
        setupRequest: (request) => ({
          ...request,
          path: `/context?task_id=task-${Math.floor(Math.random() * TASKS)}&${sessionPath().replace("/sessions/", "session_id=")}&tools=${pick(TOOLS)},${pick(TOOLS)}&max_tokens=1000`,
        }),
      },
    ],
  },
  "GET /tasks": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/tasks?limit=50" }) }],
  },
  "GET /sessions": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/sessions?limit=50" }) }],
  },
  // A dashboard's filter box: task-4 matches task-4, task-40…49 and task-400…499, up to 111 of the bench's tasks.
  "GET /tasks?prefix=…": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tasks?prefix=task-${Math.floor(Math.random() * 10)}&limit=50` }) }],
  },
  "GET /overview": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/overview" }) }],
  },
  // The dashboard's 7-day range: 168 hours of counts and of latency per tool.
  "GET /overview?window=week": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/overview?window=week" }) }],
  },
  "GET /tools/{tool}/activity?window=week": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tools/${pick(TOOLS)}/activity?window=week` }) }],
  },
  "GET /efficacy": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: "/efficacy" }) }],
  },
  "GET /tools/{tool}/fix": {
    requests: [{ method: "GET", headers: authOnly, setupRequest: (request) => ({ ...request, path: `/tools/${pick(TOOLS)}/fix?error_type=timeout` }) }],
  },
  // OTLP: one export of 100 execute_tool spans a request (10 sessions, each a failure and its fix among successes); CPU per span is the row's CPU ÷ 100.
  "POST /v1/traces (100 spans; protobuf)": {
    connections: 10,
    requests: [
      {
        method: "POST",
        headers: { ...authOnly, "content-type": "application/x-protobuf" },
        setupRequest: (request) => ({ ...request, path: "/v1/traces", body: protobufTraceBatch() }),
      },
    ],
  },
  "POST /v1/traces (100 spans; JSON)": {
    connections: 10,
    requests: [{ method: "POST", headers, setupRequest: (request) => ({ ...request, path: "/v1/traces", body: jsonTraceBatch() }) }],
  },
  // MCP: one stateless JSON-RPC tools/call per request, answered by the one MCP server every request shares.
  "POST /mcp record_failure": {
    floor: "POST lessons",
    requests: [{ method: "POST", headers: mcpHeaders, setupRequest: (request) => ({ ...request, path: "/mcp", body: mcpCall("record_failure", { task_id: taskPath().slice("/tasks/".length), ...JSON.parse(lessonBody()) }) }) }],
  },
  "POST /mcp get_lessons_prompt": {
    floor: "GET lessons/prompt",
    requests: [{ method: "POST", headers: mcpHeaders, setupRequest: (request) => ({ ...request, path: "/mcp", body: mcpCall("get_lessons_prompt", { task_id: taskPath().slice("/tasks/".length) }) }) }],
  },
};

// The same writes, each confirmed by a replica before it is answered (WAIT 1 in the same round trip).
// Their floors send each script with its WAIT, as the waiting service did.
for (const name of ["POST lessons", "POST tool-calls"]) {
  const waiting = `${name} (REDIS_WAIT_REPLICAS=1)`;
  scenarios[waiting] = { ...scenarios[name]!, replicaWait: true, floor: waiting };
}
