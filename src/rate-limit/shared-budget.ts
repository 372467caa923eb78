// Request budgets per subject in fixed windows, decided in this process and synced with every replica in the background.

/** What one request is told: whether it may go on, and the numbers for its X-RateLimit-* headers. */
export interface BudgetDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetSeconds: number;
}

/** Requests this replica admitted since its last sync, per subject, for one window. */
export interface CountsToSync {
  windowStartMs: number;
  counts: Map<string, number>;
}

interface SubjectState {
  windowStartMs: number;
  /** Every replica's requests in the window, as the shared count last said (ours included). */
  shared: number;
  /** Admitted here and not yet sent. */
  pending: number;
  /** Sent, and not yet answered. */
  sending: number;
  /** Whether a sync asks for the others' count while this replica admits nothing new. */
  refreshIdle: boolean;
}

/**
 * A replica admits a request when the shared count it last saw, plus what it admitted since,
 * stays under the limit. So one replica is exact, and replicas together can overshoot by what the
 * others admitted since this one's last sync: one sync interval and a round trip of their traffic.
 */
export function createSharedBudget(windowMs: number, now: () => number = Date.now) {
  const subjects = new Map<string, SubjectState>();

  function stateOf(subject: string, windowStartMs: number, refreshIdle: boolean): SubjectState {
    let state = subjects.get(subject);
    if (!state || state.windowStartMs !== windowStartMs) {
      // A new window starts from nothing; what was still unsent of the old one is dropped with it.
      state = { windowStartMs, shared: 0, pending: 0, sending: 0, refreshIdle };
      subjects.set(subject, state);
    }
    return state;
  }

  return {
    /**
     * Counts one request of `subject` against `max` per window, unless the budget is spent. A
     * subject that is not refreshed while idle (one client address of many, say) learns the
     * others' count only with its own next sync, which keeps a sync's size to the active subjects.
     */
    take(subject: string, max: number, refreshIdle = true): BudgetDecision {
      const at = now();
      const windowStartMs = at - (at % windowMs);
      const state = stateOf(subject, windowStartMs, refreshIdle);
      const used = state.shared + state.pending + state.sending;
      const resetSeconds = Math.max(1, Math.ceil((windowStartMs + windowMs - at) / 1000));
      if (used >= max) return { allowed: false, limit: max, remaining: 0, resetSeconds };
      state.pending += 1;
      return { allowed: true, limit: max, remaining: max - used - 1, resetSeconds };
    },

    /**
     * Takes what was admitted since the last sync, to be added to the shared counts. Subjects of the
     * current window with nothing new are sent too (those refreshed while idle), with 0, so that this
     * replica learns what the others admitted for them before they come back: every such view is
     * at most one sync old.
     */
    drain(): CountsToSync[] {
      const at = now();
      const current = at - (at % windowMs);
      const byWindow = new Map<number, Map<string, number>>();
      for (const [subject, state] of subjects) {
        if (state.pending === 0 && (state.windowStartMs !== current || !state.refreshIdle)) continue;
        let counts = byWindow.get(state.windowStartMs);
        if (!counts) byWindow.set(state.windowStartMs, (counts = new Map()));
        counts.set(subject, state.pending);
        state.sending += state.pending;
        state.pending = 0;
      }
      return [...byWindow].map(([windowStartMs, counts]) => ({ windowStartMs, counts }));
    },

    /** The shared totals after `sent` was added; null when the sync failed, so it is sent again next time. */
    settle(sent: CountsToSync, totals: ReadonlyMap<string, number> | null): void {
      for (const [subject, count] of sent.counts) {
        const state = subjects.get(subject);
        // The window has moved on meanwhile: its counts no longer decide anything.
        if (!state || state.windowStartMs !== sent.windowStartMs) continue;
        state.sending -= count;
        const total = totals?.get(subject);
        if (total === undefined) state.pending += count;
        else state.shared = Math.max(state.shared, total);
      }
    },

    /** Forgets subjects whose window has ended, so that memory follows the active subjects only. */
    forgetEnded(): void {
      const at = now();
      for (const [subject, state] of subjects) {
        if (state.windowStartMs + windowMs <= at) subjects.delete(subject);
      }
    },

    get size(): number {
      return subjects.size;
    },
  };
}

export type SharedBudget = ReturnType<typeof createSharedBudget>;
