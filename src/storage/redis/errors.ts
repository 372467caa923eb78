// Tells a Redis outage (retry later: 503) apart from a bug (500), and wraps store calls accordingly.
import { ReplyError } from "ioredis";
import { AppError, StoreUnavailableError } from "../../errors.js";

// Replies by which a healthy-but-busy or failing-over Redis says "not now". MOVED and ASK reach us
// only once the cluster client has used up its redirections, e.g. while a dead master still owns
// its slots: a 503 until failover, not a 500.
const TRANSIENT_REPLY = /^(LOADING|BUSY|CLUSTERDOWN|TRYAGAIN|MASTERDOWN|READONLY|NOREPLICAS|OOM|MOVED|ASK)\b/;

export function isStoreOutage(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  // Our own answers (NOT_REPLICATED) pass through as they are.
  if (error instanceof AppError) return false;
  // A script's own failure, already named by an inner guarded(): a bug-class reply, not an outage, however often it is guarded again.
  if (error instanceof RedisCommandError) return false;
  if (error instanceof ReplyError) return TRANSIENT_REPLY.test((error as Error).message);
  // Programming errors stay 500s; anything else ioredis throws is about the connection:
  // refused, closed, timed out, not writable.
  if (error instanceof TypeError || error instanceof SyntaxError || error instanceof RangeError) return false;
  return error instanceof Error;
}

// Scripts by their SHA-1 and their source, as EVALSHA and EVAL name them (scripts.ts fills it).
const scriptNames = new Map<string, string>();

/** Records a script's name under its SHA-1 and its source, so that an error of it can say which script failed. */
export function nameScript(name: string, sha1: string, source: string): void {
  scriptNames.set(sha1, name);
  scriptNames.set(source, name);
}

/** A script's or command's failure that a log can hold: its name and Redis's first line, never its arguments. */
export class RedisCommandError extends Error {
  override name = "RedisCommandError";
}

/**
 * ioredis's ReplyError carries the command with every argument (a script's whole call, the write's
 * JSON included), which the error log would print whole: it is replaced by one that names the script.
 */
function withoutArguments(error: Error): RedisCommandError {
  const command = (error as Error & { command?: { name?: string; args?: unknown[] } }).command;
  const first = command?.args?.[0];
  const script = typeof first === "string" ? scriptNames.get(first) : undefined;
  const what = script ? `script ${script}` : `command ${command?.name ?? "unknown"}`;
  return new RedisCommandError(`${what} failed: ${error.message.split("\n")[0]!.replace(/ script: [0-9a-f]{40}/, "")}`);
}

/** Runs a store operation, turning connection failures into StoreUnavailableError. */
export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isStoreOutage(error)) throw new StoreUnavailableError(error);
    if (error instanceof ReplyError) throw withoutArguments(error as Error);
    throw error;
  }
}
