// The pause before a write that another replica's write refused twice is decided again.

/**
 * Waits before a write refused `refusals` times is decided again: not at all after the first refusal (this process's
 * cache was only behind), then a random pause of up to 2^refusals ms (64 at most), so that replicas writing one hot
 * state at once stop meeting each other.
 */
export function pauseAfterRefusal(refusals: number): Promise<void> {
  if (refusals < 2) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(refusals, 6)));
}
