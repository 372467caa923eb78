// The simulated agents' policy: after a failure, take the offered fix (with some probability) or guess one.
import { isDeepStrictEqual } from "node:util";
import type { Random } from "./prng.js";
import { FLAKE, guessFix, holds, valueOf, type Args, type FailureMode, type Goal } from "./world.js";

/** An argument change as the service reports it (`fix_delta`). */
export interface ArgDelta {
  added?: Record<string, unknown>;
  removed?: string[];
  changed?: Record<string, { from: unknown; to: unknown }>;
}

export interface Policy {
  /** Whether agents read `known_fix` at all (false: the run without the memory). */
  useMemory: boolean;
  /** Chance that an agent takes an offered fix rather than its own guess. */
  adoptRate: number;
  /** Calls of one goal before the agent gives up. */
  maxAttempts: number;
}

/** The arguments with the delta applied: added and changed keys set, removed keys dropped. */
export function applyDelta(args: Args, delta: ArgDelta): Args {
  const next: Args = { ...args, ...delta.added };
  for (const [key, change] of Object.entries(delta.changed ?? {})) next[key] = change.to;
  for (const key of delta.removed ?? []) delete next[key];
  return next;
}

/** The service's rule for an adopted offer, applied agent-side to tally what the agents saw. */
export function isAdopted(delta: ArgDelta, args: Args): boolean {
  const same = (key: string, value: unknown) => Object.hasOwn(args, key) && isDeepStrictEqual(args[key], value);
  return (
    Object.entries(delta.added ?? {}).every(([key, value]) => same(key, value)) &&
    Object.entries(delta.changed ?? {}).every(([key, change]) => same(key, change.to)) &&
    (delta.removed ?? []).every((key) => !Object.hasOwn(args, key))
  );
}

/**
 * Whether taking the delta brings in a spelling of the right fix of the goal that started from `first`:
 * what "a right offer" means in the report.
 */
export function isRightDelta(mode: FailureMode, delta: ArgDelta, first: Args): boolean {
  return mode.fixes.some((option) => {
    if (!option.right) return false;
    const value = valueOf(option, first);
    if (value === undefined) return (delta.removed ?? []).includes(option.key);
    const set = Object.hasOwn(delta.added ?? {}, option.key) ? delta.added![option.key] : delta.changed?.[option.key]?.to;
    return isDeepStrictEqual(set, value);
  });
}

/**
 * The chance that what the delta brings in, taken on the failing call's arguments `current`, makes the goal's next call
 * succeed, in the world as it is for that goal (a trap still works in the early sessions): "would this offer fix that
 * failure". callSucceeds's rule, on what the delta brings in only: a right fix it brings in, unless flaky; else the best
 * luck of the wrong fixes it brings in. So an offer to a call that already holds the right fix (it failed by the
 * world's flakiness) fixes nothing, although the next call would likely succeed anyway.
 */
export function chanceToFix(goal: Goal, current: Args, delta: ArgDelta): number {
  if (!goal.mode) return 1;
  const next = applyDelta(current, delta);
  const brought = goal.mode.fixes.filter((option) => holds(next, option, goal.args) && !holds(current, option, goal.args));
  if (brought.some((option) => option.right)) return 1 - (goal.mode.flake ?? FLAKE);
  return Math.max(0, ...brought.map((option) => (goal.early ? (option.earlyLuck ?? option.luck) : option.luck)));
}

export interface NextCall {
  args: Args;
  /** True when the agent took the offered fix. */
  tookOffer: boolean;
}

/**
 * The arguments of the agent's next try. Changes pile up (an agent keeps what it already changed),
 * so the delta the service learns from a success is the last change alone. An offer that would
 * change nothing (the agent already tried it) is passed over for a guess.
 */
export function nextCall(policy: Policy, random: Random, mode: FailureMode, current: Args, offer: ArgDelta | null, first: Args): NextCall {
  if (policy.useMemory && offer && random() < policy.adoptRate) {
    const adopted = applyDelta(current, offer);
    if (!isDeepStrictEqual(adopted, current)) return { args: adopted, tookOffer: true };
  }
  const option = guessFix(random, mode.fixes.filter((candidate) => !holds(current, candidate, first)));
  if (!option) return { args: current, tookOffer: false }; // every fix is in: try once more as it is
  const args = { ...current };
  const value = valueOf(option, first);
  if (value === undefined) delete args[option.key];
  else args[option.key] = value;
  return { args, tookOffer: false };
}
