// The simulated world: tools whose calls fail in hidden ways, the right fix and the tempting wrong ones, and whether a call succeeds.
import { isDeepStrictEqual } from "node:util";
import { pickWeighted, streamOf, type Random } from "./prng.js";

export type Args = Record<string, unknown>;

/**
 * One argument change an agent may try: set `key` to `value`, or to what `derive` makes of the goal's first
 * arguments (a fix of this goal only, as a missing file's right path is), or remove it when neither is given.
 */
export interface FixOption {
  key: string;
  value?: unknown;
  derive?: (first: Args) => unknown;
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
  /** The chance that a call with the right fix fails anyway; FLAKE unless given. */
  flake?: number;
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
// The right fix of one goal alone: the same error has another cause, and another fix, in every goal.
const ownRight = (key: string, derive: (first: Args) => unknown): FixOption => ({ key, derive, weight: 1, luck: 0, right: true });

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

/**
 * Tools that fail with one error type for a cause of each goal's own: a fix learned for one file or
 * command is wrong for every other, as a proxy or a hook sees ENOENT or exit_code_1. Every session
 * ends with one goal of these, drawn from a stream of its own, so the goals of TOOLS and their draws are
 * the same with or without them.
 */
export const OWN_CAUSE_TOOLS: readonly ToolSpec[] = [
  // Their wrong fixes never work by luck and their right fixes never fail, so no wrong fix is learned by chance
  // (a right fix that failed, then a guess on top that worked): a wrong offer counted for these modes is the
  // service handing one goal's fix to another.
  {
    name: "read_file",
    baseArgs: (n) => ({ path: `notes/day-${n}.md`, encoding: "utf-8" }),
    modes: [
      {
        errorType: "FileNotFoundError",
        message: "ENOENT: no such file or directory",
        fixes: [ownRight("path", (first) => `docs/${String(first.path)}`), wrong("encoding", "latin-1", 1, 0), wrong("follow_symlinks", true, 1, 0)],
        flake: 0,
      },
    ],
  },
  {
    name: "shell",
    baseArgs: (n) => ({ command: `cat config/service-${n}.yml`, cwd: "/srv/app" }),
    modes: [
      {
        errorType: "exit_code_1",
        message: "exit code 1",
        fixes: [ownRight("command", (first) => String(first.command).replace(/\.yml$/, ".yaml")), wrong("cwd", "/srv", 1, 0), wrong("shell", "bash", 1, 0)],
        flake: 0,
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

/**
 * The fleet's work, drawn from its own streams: every run of a seed faces the same sessions, goals and
 * failures. Each session has `goalsPerSession` goals of TOOLS, then one of OWN_CAUSE_TOOLS.
 */
export function planFleet(seed: number, sessions: number, goalsPerSession: number): SessionPlan[] {
  const random = streamOf(seed, "plan");
  const ownCause = streamOf(seed, "own-cause");
  // n numbers the goal's arguments (a URL, a path): distinct within each list of tools.
  const goalOf = (draw: Random, tools: readonly ToolSpec[], s: number, g: number, n: number): Goal => {
    const tool = tools[Math.floor(draw() * tools.length)]!;
    const failing = draw() < FAILING_SHARE;
    const mode = failing ? tool.modes[Math.floor(draw() * tool.modes.length)]! : null;
    const early = s < EARLY_SHARE * sessions;
    return { taskId: `eval-s${s}-g${g}`, tool, mode, args: tool.baseArgs(n), early };
  };
  return Array.from({ length: sessions }, (_, s) => ({
    sessionId: `eval-s${s}`,
    goals: [
      ...Array.from({ length: goalsPerSession }, (_, g) => goalOf(random, TOOLS, s, g, s * goalsPerSession + g)),
      goalOf(ownCause, OWN_CAUSE_TOOLS, s, goalsPerSession, s),
    ],
  }));
}

/** The value the option sets for a goal that started from `first` (undefined: it removes the key). */
export function valueOf(option: FixOption, first: Args): unknown {
  return option.derive ? option.derive(first) : option.value;
}

/** Whether the arguments hold the option's change, for the goal that started from `first`. */
export function holds(args: Args, option: FixOption, first: Args): boolean {
  const value = valueOf(option, first);
  return value === undefined ? !Object.hasOwn(args, option.key) : isDeepStrictEqual(args[option.key], value);
}

/**
 * Whether a call succeeds: always without a failure mode; with the right fix (any spelling), unless
 * the world is flaky this time; else only by the luck of a wrong fix this very call brought in (the
 * change an agent, and the service, will credit for it).
 */
export function callSucceeds(goal: Goal, previous: Args | null, args: Args, random: Random): boolean {
  if (!goal.mode) return true;
  const chance = random();
  if (goal.mode.fixes.some((option) => option.right && holds(args, option, goal.args))) return chance >= (goal.mode.flake ?? FLAKE);
  // A goal's first call brings in nothing: only a change from the previous try can be lucky.
  const brought = previous ? goal.mode.fixes.filter((option) => holds(args, option, goal.args) && !holds(previous, option, goal.args)) : [];
  const luck = Math.max(0, ...brought.map((option) => (goal.early ? (option.earlyLuck ?? option.luck) : option.luck)));
  return chance < luck;
}

/** Picks an untried fix the way an agent guesses: the tempting ones more often. */
export function guessFix(random: Random, options: readonly FixOption[]): FixOption | undefined {
  return pickWeighted(random, options, (option) => option.weight);
}
