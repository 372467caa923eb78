// One line on stderr per problem, at most one per kind every 10 s, so a service that is down for an hour writes a few lines, not thousands.

export interface ProblemLog {
  /** Writes `agent-lessons: <message>` unless a line of this kind went out in the last interval; those are counted in the next one. */
  report(kind: string, message: string): void;
  /** Writes a line whatever the interval (a notice given once, such as the session id). */
  notice(message: string): void;
}

const DEFAULT_INTERVAL_MS = 10_000;

export function createProblemLog(
  write: (line: string) => void = (line) => process.stderr.write(line),
  intervalMs = DEFAULT_INTERVAL_MS,
  now: () => number = Date.now,
): ProblemLog {
  const kinds = new Map<string, { lastAt: number; suppressed: number }>();
  const line = (message: string) => write(`agent-lessons: ${message.replace(/\s+/g, (run) => (run.includes("\n") ? " " : run))}\n`);
  return {
    report(kind, message) {
      const seen = kinds.get(kind);
      const at = now();
      if (seen && at - seen.lastAt < intervalMs) {
        seen.suppressed += 1;
        return;
      }
      const more = seen?.suppressed ? ` (and ${seen.suppressed} more like it since the last line)` : "";
      kinds.set(kind, { lastAt: at, suppressed: 0 });
      line(`${message}${more}`);
    },
    notice: line,
  };
}
