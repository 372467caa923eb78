// Realistic agent traffic for the demo and the browser tests: tasks that fail and get resolved, sessions whose tool calls fail and get fixed.

/** One request an agent would send. */
export interface DemoRequest {
  method: "POST" | "PUT";
  path: string;
  body: unknown;
}

interface Failure {
  error_type: string;
  error_message: string;
  error_context?: string;
  model?: string;
}

interface TaskStory {
  task: string;
  failures: Failure[];
  /** What finally worked; absent for a task still failing. */
  resolution?: string;
}

interface ToolStep {
  tool_name: string;
  arguments: Record<string, unknown>;
  outcome: "success" | "failure" | "timeout";
  error_type?: string;
  error_message?: string;
  context_goal?: string;
  execution_time_ms?: number;
}

const TASKS: TaskStory[] = [
  {
    task: "fix-flaky-ci",
    failures: [
      { error_type: "ImportError", error_message: "No module named 'pytest_asyncio'", model: "gpt-4.1" },
      { error_type: "AssertionError", error_message: "expected status 200, got 503 in test_checkout_flow", error_context: "tests/test_checkout.py::test_checkout_flow" },
      { error_type: "TimeoutError", error_message: "Test run timed out after 300s" },
    ],
    resolution: "Pin pytest-asyncio 0.23 and run the suite with -p no:randomly",
  },
  {
    task: "summarise-quarterly-report",
    failures: [
      { error_type: "RateLimitError", error_message: "429 Too Many Requests: retry after 20s", model: "claude-sonnet" },
      { error_type: "RateLimitError", error_message: "429 Too Many Requests: retry after 40s", model: "claude-sonnet" },
    ],
    resolution: "Back off for the Retry-After seconds and batch pages 10 at a time",
  },
  {
    task: "migrate-orders-table",
    failures: [
      { error_type: "KeyError", error_message: "'customer_id'", error_context: "migrations/0042_orders.py line 88" },
      { error_type: "SyntaxError", error_message: "invalid syntax near 'ALTER COLUMN' at line 12" },
      { error_type: "PermissionError", error_message: "permission denied for table orders" },
    ],
  },
  {
    task: "scrape-pricing-pages",
    failures: [
      { error_type: "TimeoutError", error_message: "Navigation timeout of 30000 ms exceeded" },
      { error_type: "ConnectionError", error_message: "Connection reset by peer while fetching https://example.com/pricing" },
    ],
    resolution: "Wait for network idle and retry twice with a 60s timeout",
  },
  {
    task: "refactor-auth-module",
    failures: [{ error_type: "TypeError", error_message: "Cannot read properties of undefined (reading 'token')" }],
  },
];

const SESSIONS: Array<{ session: string; steps: ToolStep[] }> = [
  {
    session: "coder-7f3a",
    steps: [
      { tool_name: "read_file", arguments: { path: "src/orders/service.ts" }, outcome: "success", execution_time_ms: 4 },
      { tool_name: "run_tests", arguments: { pattern: "orders", workers: 8 }, outcome: "timeout", error_type: "TimeoutError", error_message: "jest did not exit", context_goal: "run the order tests", execution_time_ms: 120_000 },
      { tool_name: "run_tests", arguments: { pattern: "orders", workers: 1 }, outcome: "success", context_goal: "run the order tests", execution_time_ms: 41_000 },
      { tool_name: "edit_file", arguments: { path: "src/orders/service.ts", line: 88 }, outcome: "failure", error_type: "ValueError", error_message: "line 88 is past the end of the file" },
      { tool_name: "edit_file", arguments: { path: "src/orders/service.ts", line: 58 }, outcome: "success" },
    ],
  },
  {
    session: "research-19bc",
    steps: [
      { tool_name: "web_search", arguments: { query: "EU AI Act obligations for providers", max_results: 50 }, outcome: "timeout", error_type: "TimeoutError", error_message: "search backend timed out after 10s", context_goal: "find primary sources" },
      { tool_name: "web_search", arguments: { query: "EU AI Act obligations for providers", max_results: 10 }, outcome: "success", context_goal: "find primary sources", execution_time_ms: 1_800 },
      { tool_name: "fetch_url", arguments: { url: "https://eur-lex.europa.eu/", render_js: false }, outcome: "failure", error_type: "EmptyPage", error_message: "page body is empty without JavaScript" },
      { tool_name: "fetch_url", arguments: { url: "https://eur-lex.europa.eu/", render_js: true }, outcome: "success", execution_time_ms: 3_400 },
    ],
  },
  {
    session: "data-42e0",
    steps: [
      { tool_name: "sql_query", arguments: { sql: "SELECT * FROM orders", timeout_ms: 1000 }, outcome: "timeout", error_type: "QueryTimeout", error_message: "canceling statement due to statement timeout" },
      { tool_name: "sql_query", arguments: { sql: "SELECT * FROM orders", timeout_ms: 1000, limit: 1000 }, outcome: "success", execution_time_ms: 220 },
      { tool_name: "web_search", arguments: { query: "postgres statement timeout per role", max_results: 50 }, outcome: "timeout", error_type: "TimeoutError", error_message: "search backend timed out after 10s" },
      { tool_name: "web_search", arguments: { query: "postgres statement timeout per role", max_results: 10 }, outcome: "success" },
    ],
  },
];

/** What a failed attempt cost, made up but steady: the same story and step always cost the same. */
function attemptCost(task: string, step: number) {
  const seed = [...task].reduce((sum, char) => sum + char.charCodeAt(0), 0) + step * 7919;
  return { tokens_used: 900 + (seed * 37) % 5200, duration_ms: 4000 + (seed * 53) % 41_000 };
}

/** The requests that tell every story once, in an order agents might send them; `round` keeps ids apart between rounds. */
export function demoRequests(round = 0): DemoRequest[] {
  const suffix = round === 0 ? "" : `-${round}`;
  const requests: DemoRequest[] = [];
  const longest = Math.max(...TASKS.map((story) => story.failures.length), ...SESSIONS.map((story) => story.steps.length));
  for (let step = 0; step < longest; step += 1) {
    for (const story of TASKS) {
      const failure = story.failures[step];
      if (failure) requests.push({ method: "POST", path: `/tasks/${story.task}${suffix}/lessons`, body: { attempt_number: step + 1, tier: 2, ...attemptCost(story.task, step), ...failure } });
      else if (step === story.failures.length && story.resolution) {
        requests.push({ method: "PUT", path: `/tasks/${story.task}${suffix}/resolution`, body: { attempt_number: step + 1, approach: story.resolution } });
      }
    }
    for (const story of SESSIONS) {
      const call = story.steps[step];
      if (call) requests.push({ method: "POST", path: `/sessions/${story.session}${suffix}/tool-calls`, body: call });
    }
  }
  return requests;
}
