// What a write refused because what it was decided on moved does next: decide again after a pause, or, refused too often in a row, give up with a 503.
import { StoreUnavailableError } from "../../errors.js";

/**
 * Tries of one decision whose state keeps moving under it (other replicas writing the same session, bucket, fix set or
 * task): past this many in a row the state is too contended to serve, and the request answers 503.
 */
export const MAX_TRIES = 32;

/**
 * Waits before a write refused `refusals` times is decided again: not at all after the first refusal (this process's
 * cache was only behind), then a random pause of up to 2^refusals ms (64 at most), so that replicas writing one hot
 * state at once stop meeting each other. Refused MAX_TRIES times, it rejects with StoreUnavailableError naming what moved.
 */
export async function pauseAfterRefusal(refusals: number, moved: string): Promise<void> {
  if (refusals >= MAX_TRIES) throw new StoreUnavailableError(new Error(`${moved} moved under ${MAX_TRIES} tries in a row`));
  if (refusals < 2) return;
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(refusals, 6)));
}
