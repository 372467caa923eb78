// `agent-lessons recall`: "have we seen this failure?" from a shell: the tenant's failures most like a text (or stdin), with what fixed them.
import type { components } from "@agent-lessons/client";
import { describeFailure, serviceClient } from "../service.js";
import { SERVICE_OPTIONS, UsageError, integerFlag, parseFlags, serviceSettings } from "../settings.js";

export const RECALL_USAGE = `agent-lessons recall [TEXT] [--kind lessons|tools|all] [--tool NAME] [--error-type TYPE] [--limit N] [--json]

Asks the service whether this tenant met a failure like TEXT before (POST /recall), and prints the
closest ones, best first, each with its template and what fixed it. Without TEXT it reads standard
input, so a log or a stack trace can be piped in (only its first 100,000 characters are sent; the
service reads the first 2,000). Prints "Never met." when nothing is like it.
Exits 1 with one line on stderr when the service refuses or cannot be reached.

  --kind K                  lessons, tools or all (default all)
  --tool NAME               only failures of this tool
  --error-type TYPE         only failures of this error type
  --limit N                 matches at most, 1 to 50 (default 5)
  --json                    the service's JSON answer instead of the text
  --url URL, --api-key KEY  the service (AGENT_LESSONS_URL, AGENT_LESSONS_API_KEY)`;

const OPTIONS = {
  ...SERVICE_OPTIONS,
  kind: { type: "string" },
  tool: { type: "string" },
  "error-type": { type: "string" },
  limit: { type: "string" },
  json: { type: "boolean" },
} as const;

/** Characters of a query the service accepts. */
const MAX_QUERY_CHARS = 100_000;
const KINDS = ["lessons", "tools", "all"] as const;

type Match = components["schemas"]["RecallMatch"];

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) throw new UsageError("recall needs a text, or one piped to its standard input");
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    // More than the service takes is never read: a piped log may be long.
    if (length >= MAX_QUERY_CHARS * 4) break;
    chunks.push(chunk);
    length += chunk.length;
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** One match as a person reads it: what failed, how often, what matched, and what fixed it. */
export function matchText(match: Match, rank: number): string {
  const what = match.kind === "lesson" ? `lesson ${match.error_type}` : `tool ${match.tool_name} ${match.error_type}`;
  const how = match.why.same_template ? "the same failure" : `words: ${match.why.terms.join(", ")}`;
  const lines = [`${rank}. [${what}] seen ${match.occurrences}×, last ${match.last_seen} (${how})`, `   ${match.template}`];
  if (match.resolution) lines.push(`   worked in task ${match.resolution.task_id}: ${match.resolution.approach}`);
  if (match.fix) lines.push(`   fix: ${match.fix.fix_text} (worked ${match.fix.times_applied}×)`);
  const where = match.kind === "lesson" ? match.task_ids : match.session_ids;
  lines.push(`   ${match.kind === "lesson" ? "tasks" : "sessions"}: ${where.join(", ")}`);
  return lines.join("\n");
}

export async function recallCommand(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values, positionals } = parseFlags(args, OPTIONS, true);
  if (values.help) {
    process.stdout.write(`${RECALL_USAGE}\n`);
    return 0;
  }
  const settings = serviceSettings(values, env);
  const kind = values.kind ?? "all";
  if (!(KINDS as readonly string[]).includes(kind)) throw new UsageError(`--kind must be lessons, tools or all, not ${JSON.stringify(kind)}`);
  const limit = integerFlag(values.limit, "limit", 1, 50, 5);
  for (const [flag, value] of [["tool", values.tool], ["error-type", values["error-type"]]] as const) {
    if (value !== undefined && (value.trim() === "" || value.length > 200)) throw new UsageError(`--${flag} must be 1 to 200 characters`);
  }
  const text = (positionals.length > 0 ? positionals.join(" ") : await readStdin()).slice(0, MAX_QUERY_CHARS);
  if (text.trim() === "") throw new UsageError("recall needs a text that is not blank");
  try {
    const answer = await serviceClient(settings, { maxRetries: 2, timeoutMs: 10_000 }).recallByBody({
      body: {
        q: text,
        kind: kind as (typeof KINDS)[number],
        limit,
        ...(values.tool ? { tool: values.tool } : {}),
        ...(values["error-type"] ? { error_type: values["error-type"] } : {}),
      },
    });
    if (values.json) process.stdout.write(`${JSON.stringify(answer)}\n`);
    else if (answer.matches.length === 0) process.stdout.write("Never met: no failure of this tenant is like it.\n");
    else process.stdout.write(`${answer.matches.map((match, i) => matchText(match, i + 1)).join("\n\n")}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`agent-lessons: ${describeFailure(error)}\n`);
    return 1;
  }
}
