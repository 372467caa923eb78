// Drives the simulated fleet against a running service, one request at a time, and counts what its agents saw.
import { chanceToFix, isAdopted, isRightDelta, nextCall, type ArgDelta, type Policy } from "./agent.js";
import type { Client } from "./http.js";
import { streamOf, type Random } from "./prng.js";
import { callSucceeds, type Args, type FailureMode, type Goal, type SessionPlan } from "./world.js";

/** What the agents of one run saw and did. */
export interface Tally {
  calls: number;
  failures: number;
  successes: number;
  tasks: number;
  resolvedTasks: number;
  /** Calls made by the tasks that ended in a success, summed. */
  callsOfResolvedTasks: number;
  /** Failed calls whose 201 carried a known_fix. */
  offers: number;
  /** Of those, offers whose delta does not bring in the failure's right fix. */
  wrongOffers: number;
  /**
   * Of those, offers that would not fix the failure they were made to: taking the delta on the failing call's arguments
   * makes the next call succeed less than half the time, in the world as it is then (an early trap still works).
   */
  unfixingOffers: number;
  /** Offers, wrong offers and offers that would not fix in each fifth of the sessions, in order: how the ranking follows the world as it changes. */
  byFifth: Array<{ offers: number; wrongOffers: number; unfixingOffers: number }>;
  /** The same for the failure modes whose cause, and right fix, differs in every goal (a missing file, a failing command). */
  ownCause: { failures: number; offers: number; wrongOffers: number };
  tookOffer: number;
  /** Offers decided by the session's next call of the tool, by the service's rule, counted agent-side. */
  outcomes: { worked: number; failed: number; other_fix: number; ignored: number };
  lessons: number;
  resolutions: number;
}

export interface SimulationOptions {
  client: Client;
  seed: number;
  policy: Policy;
  /** Also report each failed attempt as a lesson and each resolved task's resolution. */
  lessons: boolean;
}

const FIFTHS = 5;

export const emptyTally = (): Tally => ({
  calls: 0,
  failures: 0,
  successes: 0,
  tasks: 0,
  resolvedTasks: 0,
  callsOfResolvedTasks: 0,
  offers: 0,
  wrongOffers: 0,
  unfixingOffers: 0,
  byFifth: Array.from({ length: FIFTHS }, () => ({ offers: 0, wrongOffers: 0, unfixingOffers: 0 })),
  ownCause: { failures: 0, offers: 0, wrongOffers: 0 },
  tookOffer: 0,
  outcomes: { worked: 0, failed: 0, other_fix: 0, ignored: 0 },
  lessons: 0,
  resolutions: 0,
});

interface KnownFix {
  fix_delta: ArgDelta;
}

/** One session's state while it runs: its stream, its undecided offers (per tool), and the fifth of the run it counts in. */
interface SessionRun {
  sessionId: string;
  random: Random;
  pending: Map<string, ArgDelta>;
  fifth: Tally["byFifth"][number];
}

/** Runs every session of the plan in turn, each goal until it succeeds or the agent gives up. */
export async function simulate(plan: readonly SessionPlan[], options: SimulationOptions): Promise<Tally> {
  const tally = emptyTally();
  for (const [index, session] of plan.entries()) {
    // Each session draws from its own stream: a choice one run makes differently stays inside the session.
    const run: SessionRun = {
      sessionId: session.sessionId,
      random: streamOf(options.seed, "session", session.sessionId),
      pending: new Map(),
      fifth: tally.byFifth[Math.floor((index * FIFTHS) / plan.length)]!,
    };
    for (const goal of session.goals) await runGoal(run, goal, tally, options);
  }
  return tally;
}

async function runGoal(run: SessionRun, goal: Goal, tally: Tally, options: SimulationOptions): Promise<void> {
  tally.tasks += 1;
  let args: Args = goal.args;
  let previous: Args | null = null;
  for (let attempt = 1; attempt <= options.policy.maxAttempts; attempt += 1) {
    const ok = callSucceeds(goal, previous, args, run.random);
    decideOffer(run.pending, goal.tool.name, args, ok, tally);
    const recorded = await options.client.send<{ known_fix: KnownFix | null }>("POST", `/sessions/${run.sessionId}/tool-calls`, {
      tool_name: goal.tool.name,
      arguments: args,
      outcome: ok ? "success" : "failure",
      context_goal: `goal ${goal.taskId}`,
      ...(ok ? { result: { status: "ok" } } : { error_type: goal.mode!.errorType, error_message: goal.mode!.message, result: { error: goal.mode!.message } }),
    });
    tally.calls += 1;
    if (ok) {
      tally.successes += 1;
      tally.resolvedTasks += 1;
      tally.callsOfResolvedTasks += attempt;
      if (options.lessons && attempt > 1) await resolve(goal, attempt, previous!, args, tally, options);
      return;
    }
    tally.failures += 1;
    const mode = goal.mode!;
    const ownCause = mode.fixes.some((option) => option.derive);
    if (ownCause) tally.ownCause.failures += 1;
    if (options.lessons) await captureLesson(goal.taskId, mode, attempt, tally, options);
    const offer = recorded.known_fix?.fix_delta ?? null;
    if (offer) {
      const wrong = isRightDelta(mode, offer, goal.args) ? 0 : 1;
      const unfixing = chanceToFix(goal, args, offer) < 0.5 ? 1 : 0;
      tally.offers += 1;
      tally.wrongOffers += wrong;
      tally.unfixingOffers += unfixing;
      run.fifth.offers += 1;
      run.fifth.wrongOffers += wrong;
      run.fifth.unfixingOffers += unfixing;
      if (ownCause) {
        tally.ownCause.offers += 1;
        tally.ownCause.wrongOffers += wrong;
      }
      run.pending.set(goal.tool.name, offer);
    }
    const next = nextCall(options.policy, run.random, mode, args, offer, goal.args);
    if (next.tookOffer) tally.tookOffer += 1;
    previous = args;
    args = next.args;
  }
}

/** The session's next call of the tool decides its last offer, as the service decides it. */
function decideOffer(pending: Map<string, ArgDelta>, tool: string, args: Args, ok: boolean, tally: Tally): void {
  const offer = pending.get(tool);
  if (!offer) return;
  pending.delete(tool);
  const adopted = isAdopted(offer, args);
  const outcome = adopted ? (ok ? "worked" : "failed") : ok ? "other_fix" : "ignored";
  tally.outcomes[outcome] += 1;
}

async function captureLesson(taskId: string, mode: FailureMode, attempt: number, tally: Tally, options: SimulationOptions): Promise<void> {
  await options.client.send("POST", `/tasks/${taskId}/lessons`, {
    attempt_number: attempt,
    tier: 1,
    error_type: mode.errorType,
    error_message: mode.message,
  });
  tally.lessons += 1;
}

async function resolve(goal: Goal, attempt: number, before: Args, after: Args, tally: Tally, options: SimulationOptions): Promise<void> {
  const changed = Object.keys({ ...before, ...after }).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  await options.client.send("PUT", `/tasks/${goal.taskId}/resolution`, {
    attempt_number: attempt,
    approach: `changed ${changed.map((key) => `${key} to ${JSON.stringify(after[key])}`).join(", ")}`,
  });
  tally.resolutions += 1;
}
