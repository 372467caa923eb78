// A write refused because what it was decided on moved: decided again at once, then after a growing random pause, and given up as a 503 at MAX_TRIES.
import { afterEach, describe, expect, it, vi } from "vitest";
import { StoreUnavailableError } from "../../src/errors.js";
import { MAX_TRIES, pauseAfterRefusal } from "../../src/storage/redis/refusal-pause.js";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the pause after a refused write", () => {
  it("decides again at once after the first refusal: this process's cache was only behind", async () => {
    vi.useFakeTimers();
    await pauseAfterRefusal(1, "a session");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("waits a random pause of up to 2^refusals ms, 64 at most, after the later ones", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    for (const [refusals, bound] of [[2, 4], [5, 32], [6, 64], [31, 64]] as const) {
      let done = false;
      const pause = pauseAfterRefusal(refusals, "a session").then(() => (done = true));
      await vi.advanceTimersByTimeAsync(bound - 2);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      await pause;
      expect(done).toBe(true);
    }
  });

  it(`gives up with a 503 at refusal ${MAX_TRIES} in a row, naming what moved`, async () => {
    const thrown = await pauseAfterRefusal(MAX_TRIES, "a task's links").then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(StoreUnavailableError);
    expect(((thrown as Error).cause as Error).message).toBe("a task's links moved under 32 tries in a row");
  });
});
