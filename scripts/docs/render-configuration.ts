// Renders docs/configuration.md and .env.example from the configuration schema: pure, so the script and the test share it.
import { z } from "zod";
import { configSchema } from "../../src/config.js";

/** One variable as the reference pages show it. */
export interface ConfigVariable {
  name: string;
  group: string;
  description: string;
  /** The default as written in an environment, or undefined when the variable is unset by default. */
  defaultValue: string | undefined;
  /** The values it takes, in words ("integer 1–1000", "`json`, `pretty`"), from the schema's own checks. */
  values: string;
}

/** Variables the service does not read, but the command, the clients and the demo do, where the agents run. */
export const CLIENT_VARIABLES: ReadonlyArray<{ name: string; defaultValue: string; description: string }> = [
  { name: "AGENT_LESSONS_URL", defaultValue: "http://127.0.0.1:3000", description: "Where the service is." },
  { name: "AGENT_LESSONS_API_KEY", defaultValue: "", description: "The API key to send (a `write` key for the proxy and the hooks; `read` is enough for `context`)." },
  {
    name: "AGENT_LESSONS_SESSION",
    defaultValue: "",
    description: "The session `mcp-proxy` records in (default: a new one per proxy process) and the one `context` reads.",
  },
  { name: "AGENT_LESSONS_TASK", defaultValue: "", description: "The task whose lessons `context` and the SessionStart hook give a new session." },
];

/** A line or two under a group's heading on the reference page, pointing to where its behaviour is told. */
const GROUP_NOTES: Record<string, string> = {
  "HTTP and logs": "Sizes, headers and shutdown: [retention and limits](api.md#retention-and-limits) and [behaviour under faults](operations.md#behaviour-under-faults).",
  "Store: Redis":
    "Which store and topology to run: [operations](operations.md). Waiting for replicas: [durable across failover](operations.md#durable-across-failover).",
  "What is kept and learned": "How fixes are detected and ranked: [concepts](concepts.md#fix-detection).",
  "API keys": "How tenants, keys and scopes work: [security](security.md#keys-with-scopes) and [tenants](api.md#tenants).",
  Retention: "What expires, and when: [retention and limits](api.md#retention-and-limits).",
  "Rate limits": "Why these defaults, and the bound across replicas: [retention and limits](api.md#retention-and-limits).",
  Redaction: "What is redacted, and how: [security](security.md#secrets-are-redacted-before-anything-is-stored).",
  "Event stream": "How the stream behaves: [`GET /events`](api.md#the-event-stream).",
};

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

interface JsonSchemaOf {
  type?: string;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  default?: unknown;
  anyOf?: JsonSchemaOf[];
}

/** The values a variable takes, in words, read from its JSON Schema (input side). */
function valuesOf(schema: JsonSchemaOf): string {
  const first = schema.anyOf?.[0] ?? schema;
  if (first.enum) return first.enum.map((value) => `\`${String(value)}\``).join(", ");
  if (first.type === "integer") {
    const min = first.minimum ?? (first.exclusiveMinimum === undefined ? undefined : first.exclusiveMinimum + 1);
    const max = first.maximum !== undefined && first.maximum < MAX_SAFE ? first.maximum : undefined;
    if (min !== undefined && max !== undefined) return `integer ${min}–${max}`;
    if (min !== undefined) return `integer ≥ ${min}`;
    return "integer";
  }
  if (first.format === "uri") return "URL";
  return "text";
}

/** Every variable of the schema, in the schema's order; throws for one without a group or a description. */
export function configVariables(schema: typeof configSchema = configSchema): ConfigVariable[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties: Record<string, JsonSchemaOf> };
  return Object.entries(schema.shape).map(([name, field]) => {
    const meta = field.meta();
    const group = meta?.["group"];
    const description = meta?.description;
    if (typeof group !== "string" || typeof description !== "string" || description === "") {
      throw new Error(`${name} has no group or description in src/config.ts: give it .meta(about(group, description))`);
    }
    const property = json.properties[name] ?? {};
    return {
      name,
      group,
      description,
      defaultValue: property.default === undefined ? undefined : String(property.default),
      values: valuesOf(property),
    };
  });
}

/** Variables grouped, groups in the order their first variable comes in the schema. */
function grouped(variables: ConfigVariable[]): Array<[group: string, variables: ConfigVariable[]]> {
  const groups = new Map<string, ConfigVariable[]>();
  for (const variable of variables) groups.set(variable.group, [...(groups.get(variable.group) ?? []), variable]);
  return [...groups];
}

const cell = (text: string) => text.replaceAll("|", "\\|");

/** docs/configuration.md: a fixed introduction, one generated table per group, the clients' variables and the logs. */
export function renderConfigurationPage(variables: ConfigVariable[] = configVariables()): string {
  const lines = [
    "# Configuration",
    "",
    "Every variable the service reads: its default, the values it takes and what it means. Back to the [README](../README.md).",
    "",
    "<!-- Generated from the schema in src/config.ts by `npm run docs`: edit the descriptions there, not here. -->",
    "",
    "## How the service reads it",
    "",
    "- Every variable is optional; [`.env.example`](../.env.example) lists them all, with their defaults.",
    "- Set them in the environment, or copy `.env.example` to `.env` in the directory the service starts in.",
    "  The service reads that file at boot with Node's own parser (`#` comments, quotes).",
    "  A variable set in the real environment wins over the file's.",
    "- A bad value stops the process at boot with one line on stderr naming the variable, and the file when it came from there,",
    "  and exit code 1; no stack trace: `agent-lessons: invalid configuration: LOG_FORMAT (in .env): …`.",
    "- A port that another process already holds ends the boot the same way:",
    "  `agent-lessons: port 3000 on 127.0.0.1 is already in use; set PORT to another port`.",
    "- The tests that start the service from the checkout read a `.env` there too, so keep one only for settings the tests can live with.",
    "- This page and `.env.example` are rendered from the schema in `src/config.ts` by `npm run docs`;",
    "  a test fails when either differs from what the schema renders.",
    "",
  ];
  for (const [group, members] of grouped(variables)) {
    lines.push(`## ${group}`, "");
    const note = GROUP_NOTES[group];
    if (note) lines.push(note, "");
    lines.push("| Variable | Default | Values | Meaning |", "|---|---|---|---|");
    for (const variable of members) {
      const fallback = variable.defaultValue === undefined ? "*(unset)*" : `\`${variable.defaultValue}\``;
      lines.push(`| \`${variable.name}\` | ${fallback} | ${cell(variable.values)} | ${cell(variable.description)} |`);
    }
    lines.push("");
  }
  lines.push(
    "## Read where the agents run, not by the service",
    "",
    "The `agent-lessons` command (`mcp-proxy`, `hook`, `context`: see [capture](capture.md)), the [clients](clients.md) and `npm run demo` read these.",
    "The command's flags (`--url`, `--api-key`, `--session`, `--task`) win over them.",
    "",
    "| Variable | Default | Meaning |",
    "|---|---|---|",
    ...CLIENT_VARIABLES.map(
      (variable) => `| \`${variable.name}\` | ${variable.defaultValue === "" ? "*(unset)*" : `\`${variable.defaultValue}\``} | ${cell(variable.description)} |`,
    ),
    "",
    "## Logs",
    "",
    "- Logs are pino JSON lines on stdout; `LOG_FORMAT=pretty` renders them for a terminal instead.",
    "- At `info`, one `request completed` line is written per request; `debug` adds an `incoming request` line.",
    "- Every line about a request carries `reqId`: the caller's `x-request-id` when it is 1–128 safe characters, else a new UUID.",
    "  The same id is returned in the `x-request-id` response header and in problem bodies.",
    "- JSON lines are written without blocking a request: they gather in a buffer (up to 8 MB; past that, lines are dropped and stderr says how many)",
    "  and go out in batches of 4 KB, or within 100 ms when the service is quiet.",
    "- Every exit the service controls (shutdown, its grace period passing, an uncaught error) flushes the buffer first;",
    "  the last line of a clean shutdown is `stopped`.",
    "",
  );
  return lines.join("\n");
}

/** Comment lines of at most `width` characters, each starting with "# ". */
function comment(text: string, width = 100): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.length > 1 && line.length + 1 + word.length > width) {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  if (line.length > 1) lines.push(line);
  return lines;
}

/** Markdown to plain text for a comment: code spans lose their backticks. */
const plain = (text: string) => text.replaceAll("`", "");

/** .env.example: every variable with its default (empty when unset), under comments from the same descriptions. */
export function renderEnvExample(variables: ConfigVariable[] = configVariables()): string {
  const lines = [
    ...comment(
      "Every variable the service reads, with its default; all are optional. Copy this file to .env in the directory the service starts in (it is read at boot; the real environment wins), or export them.",
    ),
    ...comment("Rendered from src/config.ts by `npm run docs`; docs/configuration.md says more.".replaceAll("`", "")),
  ];
  for (const [group, members] of grouped(variables)) {
    lines.push("", `# --- ${group} ---`);
    for (const variable of members) {
      const values = variable.values === "text" ? "" : ` Values: ${plain(variable.values)}.`;
      lines.push("", ...comment(`${plain(variable.description)}${values}`), `${variable.name}=${variable.defaultValue ?? ""}`);
    }
  }
  lines.push(
    "",
    "# --- Read where the agents run, not by the service ---",
    ...comment("The agent-lessons command (mcp-proxy, hook, context), the clients and npm run demo read these. Flags (--url, --api-key, --session, --task) win."),
  );
  for (const variable of CLIENT_VARIABLES) {
    lines.push(...comment(plain(variable.description)), `# ${variable.name}=${variable.defaultValue}`);
  }
  lines.push("");
  return lines.join("\n");
}
