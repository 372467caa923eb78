// The MCP tools: each one a route's schemas flattened into one input, and the same domain service call the route makes.
import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { ContextService } from "../domain/context/service.js";
import type { RecallService } from "../domain/recall/service.js";
import type { LessonService } from "../domain/lessons/service.js";
import type { SharedToolService } from "../domain/shared-tools/service.js";
import type { ToolMemoryService } from "../domain/tools/service.js";
import { contextQuery } from "../schemas/context.js";
import { recallBody } from "../schemas/recall.js";
import { failureReportSchema, lessonPromptQuery, resolutionInputSchema, taskParams } from "../schemas/lessons.js";
import { sharedFixQuery, sharedToolParams } from "../schemas/shared-tools.js";
import { failingArgumentsSchema, sessionParams, sessionPromptQuery, sessionSettingsBody, toolCallInputSchema } from "../schemas/tools.js";
import type { Scope } from "../auth/scopes.js";
import { asQueryValues, parseArguments } from "./arguments.js";
import { jsonResult, promptResult } from "./results.js";

/** The domain services the tools call; the same instances the HTTP routes use. */
export interface McpServices {
  lessons: LessonService;
  tools: ToolMemoryService;
  knowledge: SharedToolService;
  context: ContextService;
  recall: RecallService;
}

export interface McpTool {
  name: string;
  /** What a key must be allowed to call it; tools/list shows a key only the tools it may call. */
  scope: Scope;
  title: string;
  /** Says when a model should call it, first. */
  description: string;
  /** The route's path ids and body or query fields in one strict object; listed as JSON Schema. */
  input: z.ZodType;
  annotations: ToolAnnotations;
  /** Checks the arguments as the route does, then runs the service within the tenant. */
  call(tenant: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

interface ToolSpec<S extends z.ZodType> extends Omit<McpTool, "call"> {
  input: S;
  /** Fields that come from the route's query string, whose schemas parse text. */
  queryFields?: readonly string[];
  run(tenant: string, args: z.output<S>): Promise<CallToolResult>;
}

function defineTool<S extends z.ZodType>({ queryFields = [], run, ...spec }: ToolSpec<S>): McpTool {
  return { ...spec, call: (tenant, args) => run(tenant, parseArguments(spec.input, asQueryValues(args, queryFields))) };
}

const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

const RECORDS = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;
const READS = { readOnlyHint: true, openWorldHint: false } as const;

export function mcpTools({ lessons, tools, knowledge, context, recall }: McpServices): McpTool[] {
  return [
    defineTool({
      name: "record_failure",
      scope: "write",
      title: "Record a failed attempt",
      description:
        "Call when an attempt at a task fails (an exception, a failing test, a wrong result), once per failed attempt, " +
        "with the error's type and message. Keeps it as a lesson: its category, severity, a hypothesized fix and its " +
        "failure signature. known_fixes lists what already worked for the same failure in other tasks: try that first.",
      input: z.strictObject({ ...taskParams.shape, ...failureReportSchema.shape }),
      annotations: { title: "Record a failed attempt", ...RECORDS },
      run: async (tenant, { task_id, ...report }) => {
        const { lesson, redactions } = await lessons.capture({ tenant, taskId: task_id }, report);
        return jsonResult({ ...lesson, redactions });
      },
    }),

    defineTool({
      name: "get_lessons_prompt",
      scope: "read",
      title: "What failed before on a task",
      description:
        "Call at the start of a fresh session or attempt on a task that failed before, before planning. Returns a prompt " +
        "block of the task's earlier failures, their hypothesized fixes, fixes that worked elsewhere and, once the task is " +
        "resolved, what worked; follow it. group=signature shows each distinct failure once.",
      input: z.strictObject({ ...taskParams.shape, ...lessonPromptQuery.shape }),
      queryFields: keysOf(lessonPromptQuery),
      annotations: { title: "What failed before on a task", ...READS },
      run: async (tenant, { task_id, max_lessons, group }) => {
        const prompt = await lessons.prompt({ tenant, taskId: task_id }, max_lessons, group);
        return promptResult(prompt.prompt, { task_id, ...prompt }, `Task '${task_id}' has no recorded failures yet.`);
      },
    }),

    defineTool({
      name: "record_tool_call",
      scope: "write",
      title: "Record a tool call",
      description:
        "Call after each call of one of your tools, whether it succeeded or failed, with the tool's name, its arguments " +
        "and the outcome (and error_type and error_message when it failed). A success after a failure of the same tool " +
        "is remembered as its fix (fix_for, delta_args). A failure comes back with known_fix: the argument change that " +
        "worked best for that error type in this tenant's sessions (fix_delta, and fix_text in words); apply it before retrying. Your next call of the tool " +
        "tells the service whether you took the fix and whether it worked, so record that call too.",
      input: z.strictObject({ ...sessionParams.shape, ...toolCallInputSchema.shape }),
      annotations: { title: "Record a tool call", ...RECORDS },
      run: async (tenant, { session_id, ...call }) => {
        const { call: recorded, redactions } = await tools.record({ tenant, sessionId: session_id }, call);
        return jsonResult({ ...recorded, redactions });
      },
    }),

    defineTool({
      name: "set_session_settings",
      scope: "write",
      title: "Set how a session keeps its tool calls",
      description:
        "Call at the start of a session, before its first tool call, only to change how it keeps its calls: " +
        "max_log_entries (the calls its log keeps) and fix_detection_window (how many earlier calls a success looks back " +
        "through for the failure it fixes; 0 detects no fixes). A setting left out or null follows the service's. " +
        "Returns the settings in force; they hold from the session's next call on.",
      input: z.strictObject({ ...sessionParams.shape, ...sessionSettingsBody.shape }),
      annotations: { title: "Set how a session keeps its tool calls", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      run: async (tenant, { session_id, ...settings }) => jsonResult(await tools.updateSettings({ tenant, sessionId: session_id }, settings)),
    }),

    defineTool({
      name: "get_procedural_memory",
      scope: "read",
      title: "What a session learned about its tools",
      description:
        "Call at the start of a fresh session that continues an earlier one, or before using a tool that failed before. " +
        "Returns the session's <procedural_memory> block: per tool, recent calls, common errors with the argument changes " +
        "that fixed them, and arguments that worked. shared=true adds fixes other sessions of this tenant learned.",
      input: z.strictObject({ ...sessionParams.shape, ...sessionPromptQuery.shape }),
      queryFields: keysOf(sessionPromptQuery),
      annotations: { title: "What a session learned about its tools", ...READS },
      run: async (tenant, { session_id, ...options }) => {
        const prompt = await tools.prompt({ tenant, sessionId: session_id }, options);
        return promptResult(prompt, { session_id, prompt }, `Session '${session_id}' has no recorded tool calls yet.`);
      },
    }),

    defineTool({
      name: "get_tool_fix",
      scope: "read",
      title: "The tenant's fix for a tool error",
      description:
        "Call when a call of one of your tools failed with an error type, before retrying it. Returns the argument change " +
        "(fix_delta, and fix_text in words) that worked best for that error of that tool across every session of this tenant, " +
        "ranked by how often it fixed that error against how often it failed when taken (efficacy), and the alternatives. " +
        "Pass the failing call's arguments to get only a fix that applies to them. A NOT_FOUND error means no session has fixed it yet (or none applies).",
      input: z.strictObject({ ...sharedToolParams.shape, error_type: sharedFixQuery.shape.error_type, arguments: failingArgumentsSchema.optional() }),
      queryFields: ["error_type"],
      annotations: { title: "The tenant's fix for a tool error", ...READS },
      run: async (tenant, { tool_name, error_type, arguments: failing }) => jsonResult(await knowledge.fix(tenant, tool_name, error_type, failing ?? null)),
    }),

    defineTool({
      name: "resolve_task",
      scope: "write",
      title: "Record what finally worked",
      description:
        "Call once a task finally succeeds after failed attempts, with the attempt that succeeded and the approach that " +
        "worked, in words another agent can follow. Later failures with the same signature, in any task of this tenant, " +
        "are offered this approach. Calling it again replaces the task's earlier resolution.",
      input: z.strictObject({ ...taskParams.shape, ...resolutionInputSchema.shape }),
      annotations: { title: "Record what finally worked", readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      run: async (tenant, { task_id, ...report }) => {
        const { resolution, redactions } = await lessons.resolve({ tenant, taskId: task_id }, report);
        return jsonResult({ ...resolution, redactions });
      },
    }),

    defineTool({
      name: "get_context",
      scope: "read",
      title: "Everything known, within a token budget",
      description:
        "Call at the start of a fresh session, before planning, with the task_id, the session_id or both. Returns one " +
        "block within max_tokens: what worked (the task's resolution and fixes from other tasks), the task's lessons, " +
        "the session's tool memory and what other sessions learned about those tools. Put it in your working context.",
      input: contextQuery,
      queryFields: keysOf(contextQuery),
      annotations: { title: "Everything known, within a token budget", ...READS },
      run: async (tenant, query) => {
        const block = await context.build(tenant, query);
        return promptResult(block.prompt, block, "Nothing is known yet about this task or session.");
      },
    }),

    defineTool({
      name: "recall",
      scope: "read",
      title: "Have we seen this failure?",
      description:
        "Call when something fails with an error you have not met in this task, before you retry or debug it, with the error " +
        "message, log line or stack trace as q. Returns the failures this tenant met that are most like it, best first: each " +
        "with its template, how often and when it was met, and what fixed it (a task's resolution, or the tool's best argument " +
        "change as fix_text). An empty matches list means it was never met: work it out, and record it.",
      // A copy of the shape: the body schema's component id would list it as a reference, not an object.
      input: z.strictObject(recallBody.shape),
      annotations: { title: "Have we seen this failure?", ...READS },
      run: async (tenant, query) => jsonResult(await recall.recall(tenant, query)),
    }),
  ];
}
