// Formats lessons as the block injected into a fresh session's prompt, byte for byte as the seed did.
import type { Lesson } from "./types.js";

function lessonBlock(lesson: Lesson): string {
  const lines = [
    `PREVIOUS ATTEMPT #${lesson.attempt_number} FAILED:`,
    `Error Type: ${lesson.error_type}`,
    `Error: ${lesson.error_message}`,
    `Hypothesized Fix: ${lesson.hypothesized_fix}`,
  ];
  if (lesson.fix_approach) lines.push(`Suggested Approach: ${lesson.fix_approach}`);
  return lines.join("\n");
}

/** The prompt block for the given lessons (oldest first); empty when there are none. */
export function formatLessonsForPrompt(lessons: readonly Lesson[]): string {
  if (lessons.length === 0) return "";
  const parts = [
    "## LEARNINGS FROM PREVIOUS ATTEMPTS",
    "The following attempts have been made. Learn from these failures:",
    "",
  ];
  for (const lesson of lessons) parts.push(lessonBlock(lesson), "");
  parts.push(
    "## INSTRUCTIONS",
    "- Do NOT repeat the same mistakes",
    "- Apply the hypothesized fixes",
    "- Try a DIFFERENT approach if similar approaches have failed",
    "",
  );
  return parts.join("\n");
}
