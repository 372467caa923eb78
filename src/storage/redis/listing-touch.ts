// Lists a task or session as active at a time, from a write whose own script could not (touchListing-1.lua).
import { guarded } from "./errors.js";
import { scriptInput } from "./named-keys.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

/** What touchListing-1.lua takes besides the tenant's keys. */
export interface ListingTouch {
  kind: "tasks" | "sessions";
  id: string;
  at_ms: number;
  /** Seconds the listed data lives after a write (0: forever). */
  ttl: number;
}

export async function touchListing(redis: ScriptedRedis, shared: ReturnType<Keys["shared"]>, touch: ListingTouch): Promise<void> {
  const listing = touch.kind === "tasks" ? shared.taskListing : shared.sessionListing;
  await guarded(() => redis.touchListing(listing, scriptInput({ prefix: shared.prefix, ...touch })));
}
