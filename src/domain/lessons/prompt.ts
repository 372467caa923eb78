// Formats lessons as the block injected into a fresh session's prompt: byte for byte as the accumulator did,
// plus what finally worked and repeated failures grouped, when there are any.
import type { FailureSignature, Lesson, Resolution } from "./types.js";

/** A fix that worked in another task for the same signature. */
export interface KnownFixLine {
  task_id: string;
  approach: string;
}

export interface PromptExtras {
  resolution?: Resolution | null;
  /** Per signature, the most recent fix that worked in another task. */
  knownFixes?: ReadonlyMap<string, KnownFixLine>;
}

/** One distinct failure: its kept lessons (oldest first) and how often it was ever captured. */
export interface FailureGroup {
  latest: Lesson;
  occurrences: number;
}

function lessonLines(lesson: Lesson, header: string, extras: PromptExtras): string {
  const lines = [header, `Error Type: ${lesson.error_type}`, `Error: ${lesson.error_message}`, `Hypothesized Fix: ${lesson.hypothesized_fix}`];
  const known = extras.knownFixes?.get(lesson.signature);
  if (known) lines.push(`Known Fix (worked in task ${known.task_id}): ${known.approach}`);
  if (lesson.fix_approach) lines.push(`Suggested Approach: ${lesson.fix_approach}`);
  return lines.join("\n");
}

function render(blocks: string[], extras: PromptExtras): string {
  if (blocks.length === 0) return "";
  const parts = ["## LEARNINGS FROM PREVIOUS ATTEMPTS", "The following attempts have been made. Learn from these failures:", ""];
  for (const block of blocks) parts.push(block, "");
  if (extras.resolution) {
    parts.push("## WHAT WORKED", `Attempt #${extras.resolution.attempt_number} succeeded: ${extras.resolution.approach}`, "");
  }
  parts.push(
    "## INSTRUCTIONS",
    "- Do NOT repeat the same mistakes",
    "- Apply the hypothesized fixes",
    "- Try a DIFFERENT approach if similar approaches have failed",
    "",
  );
  return parts.join("\n");
}

/** The accumulator's block of one lesson (plus a known fix, when there is one). */
export function lessonBlock(lesson: Lesson, extras: PromptExtras = {}): string {
  return lessonLines(lesson, `PREVIOUS ATTEMPT #${lesson.attempt_number} FAILED:`, extras);
}

/** The block of one distinct failure: the accumulator's when it was seen once, else a REPEATED FAILURE block. */
export function groupBlock(group: FailureGroup, extras: PromptExtras = {}): string {
  if (group.occurrences <= 1) return lessonBlock(group.latest, extras);
  const header = `REPEATED FAILURE (seen ${group.occurrences} times, last on attempt #${group.latest.attempt_number}):`;
  return lessonLines(group.latest, header, extras);
}

/** The prompt block for the given lessons (oldest first); empty when there are none. */
export function formatLessonsForPrompt(lessons: readonly Lesson[], extras: PromptExtras = {}): string {
  return render(lessons.map((lesson) => lessonBlock(lesson, extras)), extras);
}

/**
 * Groups kept lessons (oldest first) by signature: one group per distinct failure, in the order of
 * their latest capture, oldest first. `occurrences` counts every capture the signatures counted
 * (trimmed ones too), and never fewer than the group's kept lessons.
 */
export function groupLessons(lessons: readonly Lesson[], signatures: readonly FailureSignature[]): FailureGroup[] {
  const counted = new Map(signatures.map((s) => [s.signature, s.occurrences]));
  const groups = new Map<string, { latest: Lesson; kept: number }>();
  for (const lesson of lessons) {
    const group = groups.get(lesson.signature);
    // Re-inserting moves the group to the end: groups stay in the order of their latest lesson.
    groups.delete(lesson.signature);
    groups.set(lesson.signature, { latest: lesson, kept: (group?.kept ?? 0) + 1 });
  }
  return [...groups.entries()].map(([signature, { latest, kept }]) => ({ latest, occurrences: Math.max(kept, counted.get(signature) ?? 0) }));
}

/** The grouped prompt block over the given distinct failures (oldest first). */
export function formatGroupedPrompt(groups: readonly FailureGroup[], extras: PromptExtras = {}): string {
  return render(groups.map((group) => groupBlock(group, extras)), extras);
}
