// What the proxy and the hooks send for one tool call: names and error types derived alike, and values cut to what the service takes.
import type { Schemas } from "@agent-lessons/client";

export type ToolCallReport = Schemas["ToolCallInput"];

// The service's limits on a tool call (POST /sessions/{id}/tool-calls): past them it answers 400,
// and a call that cannot be recorded teaches nothing, so values are cut to fit instead.
const MAX_ARGUMENT_KEYS = 100;
const MAX_ARGUMENTS_JSON_CHARS = 65_536;
const MAX_ID_LENGTH = 128;
const MAX_ERROR_TYPE_LENGTH = 200;
/**
 * Error messages are sent whole up to the service's own limit (10,000 characters): the service redacts
 * first and cuts after, so a secret is never cut in half before redaction could see it whole.
 */
export const MAX_ERROR_MESSAGE_LENGTH = 10_000;
// The service summarises a result in 100 characters; sending more only costs bytes.
const MAX_RESULT_TEXT_LENGTH = 1000;
const MAX_RESULT_JSON_CHARS = 8192;
// First pass: long strings (file contents, diffs) cut here; a second, harder pass if that is not enough.
const STRING_CUTS = [1000, 100];

/**
 * The text within `length` characters, ending with `…` when cut. A cut falls at a space when there is one
 * in the last quarter: a token (a secret the service would redact) is then sent whole or not at all.
 */
const cut = (text: string, length: number) => {
  if (text.length <= length) return text;
  const space = text.lastIndexOf(" ", length - 1);
  const at = space >= (length * 3) / 4 ? space : length - 1;
  // Never between the two halves of a surrogate pair: the service refuses a lone one.
  const end = at > 0 && /[\ud800-\udbff]/.test(text[at - 1]!) ? at - 1 : at;
  return `${text.slice(0, end)}…`;
};

/**
 * A name the service takes as an id (a tool's, a session's): characters outside its alphabet become
 * `_`, and it is cut to 128 characters. Claude Code's tool names (`Bash`, `mcp__server__tool`) and
 * session ids pass unchanged.
 */
export function serviceId(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._:-]/g, "_").slice(0, MAX_ID_LENGTH);
  return cleaned === "" || cleaned === "." || cleaned === ".." || cleaned === "__proto__" ? `tool_${cleaned}` : cleaned;
}

/** The name an MCP tool is recorded under: `mcp__NAME__TOOL` with a server name, as Claude Code names MCP tools; else the tool's own. */
export function mcpToolName(tool: string, serverName: string | undefined): string {
  return serviceId(serverName ? `mcp__${serverName}__${tool}` : tool);
}

/**
 * The error type of an error text: `exit_code_N` for a shell's `Exit code N` first line, else the
 * identifier before the first colon (`ValidationError: region must be…` → `ValidationError`),
 * else `tool_error`.
 */
export function errorTypeOf(text: string | undefined): string {
  const firstLine = (text ?? "").trimStart().split("\n", 1)[0]!;
  const exit = /^Exit code (\d+)\s*$/.exec(firstLine);
  if (exit) return `exit_code_${exit[1]}`;
  const named = /^([A-Za-z_$][\w$.]*)\s*:/.exec(firstLine);
  return named ? named[1]!.slice(0, MAX_ERROR_TYPE_LENGTH) : "tool_error";
}

/** An error message as recorded: at most 10,000 characters, null when empty. */
export function errorMessageOf(text: string | undefined): string | null {
  return text ? cut(text, MAX_ERROR_MESSAGE_LENGTH) : null;
}

/** A result text as recorded: the service keeps only its first 100 characters as a summary. */
export function resultTextOf(text: string | undefined): string | null {
  return text === undefined ? null : cut(text, MAX_RESULT_TEXT_LENGTH);
}

function cutStrings(value: unknown, length: number): unknown {
  if (typeof value === "string") return cut(value, length);
  if (Array.isArray(value)) return value.map((item) => cutStrings(item, length));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cutStrings(item, length)]));
  }
  return value;
}

const jsonLength = (value: unknown) => JSON.stringify(value)?.length ?? 0;

/**
 * A call's arguments as the service takes them: unchanged when they fit (100 keys, 64 KiB of JSON),
 * else the first 100 keys with long strings cut, and as a last resort the start of their JSON.
 */
export function fitArguments(args: unknown): Record<string, unknown> {
  if (args === null || typeof args !== "object" || Array.isArray(args)) return {};
  const record = args as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length <= MAX_ARGUMENT_KEYS && jsonLength(record) <= MAX_ARGUMENTS_JSON_CHARS) return record;
  const kept = Object.fromEntries(keys.slice(0, MAX_ARGUMENT_KEYS).map((key) => [key, record[key]]));
  for (const length of STRING_CUTS) {
    const shortened = cutStrings(kept, length) as Record<string, unknown>;
    if (jsonLength(shortened) <= MAX_ARGUMENTS_JSON_CHARS) return shortened;
  }
  return { _truncated: cut(JSON.stringify(kept), MAX_RESULT_JSON_CHARS) };
}

/** A result as recorded: unchanged when its JSON is small, else with long strings cut, else the start of its JSON. */
export function fitResult(result: unknown): unknown {
  if (result === undefined || jsonLength(result) <= MAX_RESULT_JSON_CHARS) return result;
  for (const length of STRING_CUTS) {
    const shortened = cutStrings(result, length);
    if (jsonLength(shortened) <= MAX_RESULT_JSON_CHARS) return shortened;
  }
  return cut(JSON.stringify(result), MAX_RESULT_TEXT_LENGTH);
}
