// Reads the command line and the AGENT_LESSONS_* environment into checked settings; a bad one is a UsageError.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** A bad flag or value: the command prints its message on one line and exits 2. */
export class UsageError extends Error {
  override name = "UsageError";
}

type Environment = Record<string, string | undefined>;
type Options = NonNullable<ParseArgsConfig["options"]>;

/** Where the service is and how to reach it: every command needs this much. */
export interface ServiceSettings {
  url: string;
  apiKey: string | undefined;
}

// The service's own id rule (path ids): a value it would refuse is refused here, before any call.
const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const DEFAULT_URL = "http://127.0.0.1:3000";

/** The flags every command takes. */
export const SERVICE_OPTIONS = {
  url: { type: "string" },
  "api-key": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies Options;

/**
 * Parses `args` strictly: an unknown flag, a missing value or a stray argument is a UsageError that
 * names it. Positionals are allowed only when the command asks for them.
 */
export function parseFlags<const O extends Options>(args: string[], options: O, allowPositionals = false) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    // node:util's messages name the flag; its long hints ("To specify a positional argument…") are cut.
    throw new UsageError(String((error as Error).message).split(". ")[0]!.replace(/\.$/, ""));
  }
}

/**
 * A command's own flags, and the command line it runs after them: everything after `--`, else from the
 * first argument that is neither one of `options` nor an option's value. MCP clients that take a command
 * and its arguments as one list keep the `--`; the MCP Inspector's --cli drops it: both must mean the same.
 */
export function splitAtCommand(args: string[], options: Options): { own: string[]; command: string[]; separated: boolean } {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === "--") return { own: args.slice(0, i), command: args.slice(i + 1), separated: true };
    if (!arg.startsWith("-") || arg === "-") return { own: args.slice(0, i), command: args.slice(i), separated: false };
    // `--name fs` takes the next argument with it (`--name=fs` does not); a `--` is never a value.
    const name = arg.startsWith("--") ? arg.slice(2) : Object.keys(options).find((key) => `-${options[key]!.short}` === arg);
    if (name !== undefined && options[name]?.type === "string" && args[i + 1] !== "--") i += 1;
  }
  return { own: args, command: [], separated: false };
}

/** A flag's value, else the environment variable's, with `name` saying which one it came from. */
function pick(flag: string | undefined, flagName: string, env: Environment, variable: string) {
  if (flag !== undefined) return { value: flag, name: `--${flagName}` };
  const fromEnv = env[variable];
  return fromEnv === undefined || fromEnv === "" ? undefined : { value: fromEnv, name: variable };
}

function checkUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${name} must be an http or https URL, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UsageError(`${name} must be an http or https URL, not ${JSON.stringify(value)}`);
  }
  // Trailing slashes dropped by a loop: /\/+$/ would read a long run of slashes again from each one.
  let end = value.length;
  while (end > 0 && value[end - 1] === "/") end -= 1;
  return value.slice(0, end);
}

/** The service's address and key: `--url` over AGENT_LESSONS_URL, `--api-key` over AGENT_LESSONS_API_KEY. */
export function serviceSettings(flags: { url?: string | undefined; "api-key"?: string | undefined }, env: Environment): ServiceSettings {
  const url = pick(flags.url, "url", env, "AGENT_LESSONS_URL");
  const apiKey = pick(flags["api-key"], "api-key", env, "AGENT_LESSONS_API_KEY");
  if (apiKey && !/^[\x21-\x7e]{1,256}$/.test(apiKey.value)) {
    throw new UsageError(`${apiKey.name} must be 1-256 printable characters without spaces`);
  }
  return { url: url ? checkUrl(url.value, url.name) : DEFAULT_URL, apiKey: apiKey?.value };
}

/** A task or session id from its flag, else its variable (AGENT_LESSONS_TASK, AGENT_LESSONS_SESSION); undefined when neither is set. */
export function idSetting(flag: string | undefined, flagName: "task" | "session", env: Environment): string | undefined {
  const variable = flagName === "task" ? "AGENT_LESSONS_TASK" : "AGENT_LESSONS_SESSION";
  const chosen = pick(flag, flagName, env, variable);
  if (!chosen) return undefined;
  if (!ID_PATTERN.test(chosen.value) || chosen.value === "." || chosen.value === "..") {
    throw new UsageError(`${chosen.name} must be 1-128 letters, digits, '.', '_', ':' or '-', not ${JSON.stringify(chosen.value)}`);
  }
  return chosen.value;
}

/** An integer flag within [min, max], or `fallback` when it is absent. */
export function integerFlag(value: string | undefined, flagName: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    throw new UsageError(`--${flagName} must be an integer from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
  return parsed;
}
