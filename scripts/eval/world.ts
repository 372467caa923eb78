// The simulated world: tools whose calls fail in hidden ways, the right fix and the tempting wrong ones, and whether a call succeeds.
import { isDeepStrictEqual } from "node:util";
import { pickWeighted, streamOf, type Random } from "./prng.js";

export type Args = Record<string, unknown>;

/** One argument change an agent may try: set `key` to `value`, or remove it when `value` is undefined. */
export interface FixOption {
  key: string;
  value?: unknown;
  /** How tempting it looks to an agent with nothing to go on (a relative weight). */
  weight: number;
  /** For a wrong fix: the chance that the call right after it succeeds anyway, which teaches the service the wrong fix. */
  luck: number;
  /** A trap's luck in the early sessions (see EARLY_SHARE): it works at first, then the world changes under it. */
  earlyLuck?: number;
  right: boolean;
}

/** A hidden failure mode of a tool: the error an agent sees, and the fixes it may try. */
export interface FailureMode {
  errorType: string;
  message: string;
  fixes: FixOption[];
}

export interface ToolSpec {
  name: string;
  /** The arguments an agent first sends for goal number `n`; only the fix keys are the same for every goal. */
  baseArgs(n: number): Args;
  modes: FailureMode[];
}

/** Share of the fleet's sessions, the first ones, in which the traps mostly work. */
export const EARLY_SHARE = 0.2;
const TRAP_WEIGHT = 4;
const TRAP_EARLY_LUCK = 0.9;
const TRAP_LUCK = 0.1;

// A failure mode's right fix comes in a few spellings (each works: 2000 or 5000 ms of backoff), which
// the service learns as distinct fixes, so its credit is split; a wrong fix has one. The right
// spellings weigh 1.5 together and the wrong fixes 6 to 6.5: without a memory an agent usually
// tries a wrong fix first, as a model guessing from the error message does. Each mode has one trap:
// the most tempting wrong fix, which mostly works in the early sessions and rarely after (retries get
// through while traffic is light), so the service first learns it as the fix.
const right = (key: string, value: unknown, weight = 0.5): FixOption => ({ key, value, weight, luck: 0, right: true });
const wrong = (key: string, value: unknown, weight: number, luck: number): FixOption => ({ key, value, weight, luck, right: false });
const trap = (key: string, value: unknown): FixOption => ({ ...wrong(key, value, TRAP_WEIGHT, TRAP_LUCK), earlyLuck: TRAP_EARLY_LUCK });

export const TOOLS: readonly ToolSpec[] = [
  {
    name: "http_get",
    baseArgs: (n) => ({ url: `https://api.example.test/items/${n}`, timeout_ms: 5000, retries: 0, profile: "default" }),
    modes: [
      {
        errorType: "RateLimitError",
        message: "429 Too Many Requests",
        fixes: [right("backoff_ms", 1000), right("backoff_ms", 2000), right("backoff_ms", 5000), trap("retries", 3), wrong("timeout_ms", 30_000, 1.5, 0.1), wrong("profile", "browser", 1, 0.05)],
      },
      {
        errorType: "TimeoutError",
        message: "request timed out after 5000 ms",
        fixes: [right("timeout_ms", 30_000), right("timeout_ms", 60_000), right("timeout_ms", 120_000), trap("retries", 3), wrong("profile", "fast", 2, 0.1)],
      },
    ],
  },
  {
    name: "run_sql",
    baseArgs: (n) => ({ query: `SELECT * FROM events WHERE batch = ${n}`, database: "analytics", pool_size: 5, read_only: true }),
    modes: [
      {
        errorType: "PermissionError",
        message: "permission denied for table events",
        fixes: [right("role", "reader", 0.75), right("role", "analyst", 0.75), trap("read_only", false), wrong("database", "analytics_admin", 1.5, 0.1), wrong("pool_size", 1, 0.5, 0)],
      },
    ],
  },
  {
    name: "write_file",
    baseArgs: (n) => ({ path: `/srv/out/report-${n}.csv`, encoding: "latin-1", mode: "w", mkdirs: false }),
    modes: [
      {
        errorType: "UnicodeEncodeError",
        message: "'latin-1' codec can't encode character '\\u2019'",
        fixes: [right("encoding", "utf-8", 0.75), right("encoding", "utf8", 0.75), trap("errors", "ignore"), wrong("mode", "wb", 2, 0.05)],
      },
      {
        errorType: "FileNotFoundError",
        message: "no such file or directory: '/srv/out'",
        fixes: [right("mkdirs", true, 1), right("parents", true, 0.5), trap("mode", "a"), wrong("encoding", "utf-8", 2, 0.05)],
      },
    ],
  },
];

/** Share of goals whose first call hits a failure mode; the rest succeed at once. */
export const FAILING_SHARE = 0.7;
/** Chance that a call with the right fix fails anyway (a flaky world), which the right fix's efficacy must survive. */
export const FLAKE = 0.05;

export interface Goal {
  taskId: string;
  tool: ToolSpec;
  mode: FailureMode | null;
  args: Args;
  /** In the early sessions, when the traps still mostly work. */
  early: boolean;
}

export interface SessionPlan {
  sessionId: string;
  goals: Goal[];
}

/** The fleet's work, drawn from its own stream: every run of a seed faces the same sessions, goals and failures. */
export function planFleet(seed: number, sessions: number, goalsPerSession: number): SessionPlan[] {
  const random = streamOf(seed, "plan");
  return Array.from({ length: sessions }, (_, s) => ({
    sessionId: `eval-s${s}`,
    goals: Array.from({ length: goalsPerSession }, (_, g) => {
      const tool = TOOLS[Math.floor(random() * TOOLS.length)]!;
      const failing = random() < FAILING_SHARE;
      const mode = failing ? tool.modes[Math.floor(random() * tool.modes.length)]! : null;
      const early = s < EARLY_SHARE * sessions;
      return { taskId: `eval-s${s}-g${g}`, tool, mode, args: tool.baseArgs(s * goalsPerSession + g), early };
    }),
  }));
}

/** Whether the arguments hold the option's change. */
export function holds(args: Args, option: FixOption): boolean {
  return option.value === undefined ? !Object.hasOwn(args, option.key) : isDeepStrictEqual(args[option.key], option.value);
}

/**
 * Whether a call succeeds: always without a failure mode; with the right fix (any spelling), unless
 * the world is flaky this time; else only by the luck of a wrong fix this very call brought in (the
 * change an agent, and the service, will credit for it).
 */
export function callSucceeds(goal: Goal, previous: Args | null, args: Args, random: Random): boolean {
  if (!goal.mode) return true;
  const chance = random();
  if (goal.mode.fixes.some((option) => option.right && holds(args, option))) return chance >= FLAKE;
  // A goal's first call brings in nothing: only a change from the previous try can be lucky.
  const brought = previous ? goal.mode.fixes.filter((option) => holds(args, option) && !holds(previous, option)) : [];
  const luck = Math.max(0, ...brought.map((option) => (goal.early ? (option.earlyLuck ?? option.luck) : option.luck)));
  return chance < luck;
}

/** Picks an untried fix the way an agent guesses: the tempting ones more often. */
export function guessFix(random: Random, options: readonly FixOption[]): FixOption | undefined {
  return pickWeighted(random, options, (option) => option.weight);
}
