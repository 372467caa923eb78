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
  if (error instanceof ReplyError) return TRANSIENT_REPLY.test((error as Error).message);
  // Programming errors stay 500s; anything else ioredis throws is about the connection:
  // refused, closed, timed out, not writable.
  if (error instanceof TypeError || error instanceof SyntaxError || error instanceof RangeError) return false;
  return error instanceof Error;
}

/** Runs a store operation, turning connection failures into StoreUnavailableError. */
export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isStoreOutage(error)) throw new StoreUnavailableError(error);
    throw error;
  }
}
