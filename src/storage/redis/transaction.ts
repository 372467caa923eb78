// Runs a MULTI/EXEC block (atomic, one round trip) and returns its replies, throwing the first error.
import type { ChainableCommander } from "ioredis";
import { guarded } from "./errors.js";

export async function execAtomically<T extends unknown[]>(multi: ChainableCommander): Promise<T> {
  const replies = await guarded(() => multi.exec());
  if (!replies) throw new Error("MULTI was aborted");
  return replies.map(([error, value]) => {
    if (error) throw error;
    return value;
  }) as T;
}
