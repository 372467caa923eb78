// Records a real exchange with the service (embedded store) and keeps its bodies as the OpenAPI examples.
// Run it after changing what an operation takes or returns: npm run openapi:examples, then npm run openapi.
import { writeFileSync } from "node:fs";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { storeLimitsOf } from "../src/plugins/store.js";
import { createMemoryStore } from "../src/storage/memory/index.js";

interface Step {
  operationId: string;
  method: "GET" | "POST" | "PUT";
  url: string;
  body?: unknown;
}

const task = "build-report-42";
const other = "build-report-43";
const session = "agent-7-run-3";
const copy = "agent-7-run-4";
const helped = "agent-9-run-1";
const configured = "agent-8-run-1";

const failure = {
  attempt_number: 1,
  tier: 2,
  error_type: "TypeError",
  error_message: "'NoneType' object has no attribute 'get'",
  model: "gpt-4o-mini",
  error_context: "while reading config['db']",
  fix_approach: "check the config for None before reading keys",
};

// An OTLP/JSON export of two execute_tool spans, a failure and its fix, as an OpenTelemetry SDK sends them.
const text = (key: string, value: string) => ({ key, value: { stringValue: value } });
const toolSpan = (spanId: string, startMs: number, limit: number, failed: boolean) => ({
  traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
  spanId,
  name: "execute_tool web_search",
  kind: 1,
  startTimeUnixNano: `${1_796_000_000_000 + startMs}000000`,
  endTimeUnixNano: `${1_796_000_000_000 + startMs + 420}000000`,
  attributes: [
    text("gen_ai.operation.name", "execute_tool"),
    text("gen_ai.tool.name", "web_search"),
    text("gen_ai.conversation.id", "support-chat-17"),
    text("gen_ai.tool.call.arguments", JSON.stringify({ query: "redis streams", limit })),
    ...(failed ? [text("error.type", "ValueError")] : []),
  ],
  status: failed ? { code: 2, message: "limit must be at most 100" } : { code: 1 },
});
const traceExport = {
  resourceSpans: [
    {
      resource: { attributes: [text("service.name", "support-agent")] },
      scopeSpans: [{ scope: { name: "support-agent" }, spans: [toolSpan("00f067aa0ba902b7", 0, 500, true), toolSpan("53995c3f42cd8ad8", 900, 50, false)] }],
    },
  ],
};
// A Claude Code tool_result log event, as its OTLP logs exporter sends it.
const logExport = {
  resourceLogs: [
    {
      resource: { attributes: [text("service.name", "claude-code")] },
      scopeLogs: [
        {
          scope: { name: "com.anthropic.claude_code.events" },
          logRecords: [
            {
              timeUnixNano: "1796000003000000000",
              body: { stringValue: "claude_code.tool_result" },
              attributes: [
                text("event.name", "tool_result"),
                text("session.id", "3f9a2b7c-claude-session"),
                text("tool_name", "Bash"),
                text("success", "false"),
                text("duration_ms", "1210"),
                text("error", "Exit code 1\nnpm ERR! missing script: tset"),
                text("tool_parameters", JSON.stringify({ bash_command: "npm", full_command: "npm run tset", description: "Run the tests" })),
              ],
            },
          ],
        },
      ],
    },
  ],
};

const steps: Step[] = [
  { operationId: "getLiveness", method: "GET", url: "/health/live" },
  { operationId: "getReadiness", method: "GET", url: "/health/ready" },
  { operationId: "captureLesson", method: "POST", url: `/tasks/${task}/lessons`, body: failure },
  { operationId: "resolveTask", method: "PUT", url: `/tasks/${task}/resolution`, body: { attempt_number: 3, approach: "default the config to {} when the file is missing", model: "gpt-4o-mini" } },
  { operationId: "captureLesson", method: "POST", url: `/tasks/${other}/lessons`, body: failure },
  { operationId: "listLessons", method: "GET", url: `/tasks/${other}/lessons` },
  { operationId: "getLessonPrompt", method: "GET", url: `/tasks/${other}/lessons/prompt` },
  { operationId: "listLessonSignatures", method: "GET", url: `/tasks/${other}/lessons/signatures` },
  { operationId: "getLessonStats", method: "GET", url: `/tasks/${other}/lessons/stats` },
  { operationId: "getResolution", method: "GET", url: `/tasks/${task}/resolution` },
  // The second task was offered the first one's fix at attempt 1 and is resolved at attempt 2: a measured offer.
  { operationId: "resolveTask", method: "PUT", url: `/tasks/${other}/resolution`, body: { attempt_number: 2, approach: "default the config to {} when the file is missing" } },
  { operationId: "listTenantSignatures", method: "GET", url: "/lessons/signatures" },
  {
    operationId: "recordToolCall",
    method: "POST",
    url: `/sessions/${session}/tool-calls`,
    body: { tool_name: "web_search", arguments: { query: "redis streams", limit: 500 }, outcome: "failure", error_type: "ValueError", error_message: "limit must be at most 100", context_goal: "find docs on redis streams" },
  },
  {
    operationId: "recordToolCall",
    method: "POST",
    url: `/sessions/${session}/tool-calls`,
    body: { tool_name: "web_search", arguments: { query: "redis streams", limit: 50 }, result: { hits: 12 }, outcome: "success", execution_time_ms: 840, context_goal: "find docs on redis streams" },
  },
  { operationId: "searchToolCalls", method: "GET", url: `/sessions/${session}/tool-calls?only_fixes=true` },
  { operationId: "getToolCall", method: "GET", url: `/sessions/${session}/tool-calls/call-0002` },
  { operationId: "listToolPatterns", method: "GET", url: `/sessions/${session}/patterns` },
  { operationId: "getToolPattern", method: "GET", url: `/sessions/${session}/patterns/web_search` },
  { operationId: "getKnownFix", method: "GET", url: `/sessions/${session}/patterns/web_search/fix?error_type=ValueError` },
  { operationId: "getArgHints", method: "GET", url: `/sessions/${session}/patterns/web_search/hints?goal=redis` },
  { operationId: "getErrorGuidance", method: "GET", url: `/sessions/${session}/patterns/web_search/guidance?error_type=ValueError` },
  { operationId: "getSuccessTemplate", method: "GET", url: `/sessions/${session}/patterns/web_search/template?goal=redis` },
  { operationId: "getSessionStats", method: "GET", url: `/sessions/${session}/stats` },
  { operationId: "putSessionSettings", method: "PUT", url: `/sessions/${configured}/settings`, body: { max_log_entries: 200, fix_detection_window: 5 } },
  { operationId: "getSessionSettings", method: "GET", url: `/sessions/${configured}/settings` },
  { operationId: "getSessionPrompt", method: "GET", url: `/sessions/${session}/prompt` },
  { operationId: "getSessionSummary", method: "GET", url: `/sessions/${session}/prompt/summary` },
  { operationId: "exportSessionMemory", method: "GET", url: `/sessions/${session}/memory` },
  // Another session is offered the fix, takes it, and it works: the offer's outcome.
  {
    operationId: "recordToolCall",
    method: "POST",
    url: `/sessions/${helped}/tool-calls`,
    body: { tool_name: "web_search", arguments: { query: "redis sentinel", limit: 500 }, outcome: "failure", error_type: "ValueError", error_message: "limit must be at most 100" },
  },
  {
    operationId: "recordToolCall",
    method: "POST",
    url: `/sessions/${helped}/tool-calls`,
    body: { tool_name: "web_search", arguments: { query: "redis sentinel", limit: 50 }, outcome: "success", execution_time_ms: 610 },
  },
  { operationId: "listSharedTools", method: "GET", url: "/tools" },
  { operationId: "getSharedToolKnowledge", method: "GET", url: "/tools/web_search" },
  { operationId: "getSharedFix", method: "GET", url: "/tools/web_search/fix?error_type=ValueError" },
  { operationId: "getSharedErrorGuidance", method: "GET", url: "/tools/web_search/guidance?error_type=ValueError" },
  { operationId: "getContext", method: "GET", url: `/context?task_id=${other}&session_id=${session}&max_tokens=400` },
  { operationId: "listTasks", method: "GET", url: "/tasks?limit=2" },
  { operationId: "listSessions", method: "GET", url: "/sessions" },
  { operationId: "getOverview", method: "GET", url: "/overview" },
  { operationId: "getToolActivity", method: "GET", url: "/tools/web_search/activity" },
  { operationId: "getEfficacy", method: "GET", url: "/efficacy" },
  { operationId: "recall", method: "GET", url: `/recall?q=${encodeURIComponent("'NoneType' object has no attribute 'items'")}&limit=3` },
  {
    operationId: "recallByBody",
    method: "POST",
    url: "/recall",
    body: {
      q: 'Traceback (most recent call last):\n  File "agent.py", line 88, in search\n    hits = web_search(query, limit=500)\nValueError: limit must be at most 100',
      kind: "tools",
    },
  },
  { operationId: "exportTraces", method: "POST", url: "/v1/traces", body: traceExport },
  { operationId: "exportLogs", method: "POST", url: "/v1/logs", body: logExport },
];

const examples: Record<string, { request?: unknown; response?: { status: number; body: unknown } }> = {};
const config = loadConfig({ LOG_LEVEL: "silent" });
const store = createMemoryStore(storeLimitsOf(config));
const app = await buildApp(config, { store, logger: false });
try {
  for (const step of steps) {
    const reply = await app.inject({ method: step.method, url: step.url, ...(step.body ? { payload: step.body as object } : {}) });
    if (reply.statusCode >= 300) throw new Error(`${step.operationId} answered ${reply.statusCode}: ${reply.body}`);
    // The first exchange of an operation is its example.
    examples[step.operationId] ??= {
      ...(step.body ? { request: step.body } : {}),
      ...(reply.body ? { response: { status: reply.statusCode, body: reply.json() } } : {}),
    };
  }
  // A lesson by the id the capture gave it.
  const captured = examples.captureLesson!.response!.body as { task_id: string; lesson_id: string };
  const lesson = await app.inject({ method: "GET", url: `/tasks/${captured.task_id}/lessons/${captured.lesson_id}` });
  examples.getLesson = { response: { status: lesson.statusCode, body: lesson.json() } };
  // A document without its times or session id: what an import needs at least.
  const exported = examples.exportSessionMemory!.response!.body as Record<string, unknown>;
  const { tool_log, tool_patterns, fix_relations } = exported;
  const imported = { tool_log, tool_patterns, fix_relations };
  const reply = await app.inject({ method: "PUT", url: `/sessions/${copy}/memory`, payload: imported });
  if (reply.statusCode !== 204) throw new Error(`importSessionMemory answered ${reply.statusCode}: ${reply.body}`);
  examples.importSessionMemory = { request: imported };
} finally {
  await app.close();
}

const target = new URL("../src/openapi/examples.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(examples, null, 2)}\n`);
process.stdout.write(`wrote ${Object.keys(examples).length} operations' examples to src/openapi/examples.json\n`);
