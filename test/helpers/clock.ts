// A clock that tests move by hand: time passes only when a test says so.
export interface ManualClock {
  now: () => Date;
  advance(ms: number): void;
}

/**
 * Starts half an hour into the current hour (so that a test's few steps never cross an hour's end,
 * whatever the wall clock says) and moves only when told.
 */
export function manualClock(): ManualClock {
  const HOUR = 3_600_000;
  let at = Math.floor(Date.now() / HOUR) * HOUR + HOUR / 2;
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
  };
}
