// The one line the model reads when its failure was fixed before: the fix in words and the arguments that worked.
import type { Schemas } from "@agent-lessons/client";

/**
 * What the hint needs of a fix: a failure's known_fix (an offer) and GET /tools/{tool}/fix (no offer) both have it.
 * A service from before fix_text sends typical_fix only, whose values are cut to 20 characters.
 */
export type KnownFix = Pick<Schemas["KnownSharedFix"], "fix_delta" | "typical_fix" | "times_applied"> & Partial<Pick<Schemas["KnownSharedFix"], "fix_text">>;

/** The hint never takes more than this of the model's context. */
export const MAX_HINT_LENGTH = 600;
const PREFIX = "agent-lessons:";

const cut = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, Math.max(0, length - 1))}…`);

/** The values the fix set: every changed key's new value and every added key, as one JSON object. */
function valuesThatWorked(fix: KnownFix): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, change] of Object.entries(fix.fix_delta.changed ?? {})) values[key] = change.to;
  for (const [key, value] of Object.entries(fix.fix_delta.added ?? {})) values[key] = value;
  return values;
}

/**
 * `agent-lessons: this ValidationError was fixed before (2 times): change region: us-east-9 → eu-west-1.
 * Arguments that worked: {"region":"eu-west-1"}.`, at most 600 characters: the arguments are cut first,
 * then the words. The words are the fix's fix_text, whose values are whole up to 120 characters.
 */
export function knownFixText(errorType: string | null | undefined, fix: KnownFix): string {
  const times = fix.times_applied === 1 ? "once" : `${fix.times_applied} times`;
  const head = `${PREFIX} this ${errorType ? `${errorType} ` : "failure "}was fixed before (${times}):`;
  const values = valuesThatWorked(fix);
  const removed = fix.fix_delta.removed ?? [];
  const parts: string[] = [];
  if (Object.keys(values).length > 0) parts.push(`Arguments that worked: ${JSON.stringify(values)}.`);
  if (removed.length > 0) parts.push(`Leave out: ${removed.join(", ")}.`);
  const tail = parts.join(" ");
  const words = `${(fix.fix_text ?? fix.typical_fix).replace(/\.$/, "")}.`;
  const full = `${head} ${words}${tail ? ` ${tail}` : ""}`;
  if (full.length <= MAX_HINT_LENGTH) return full;
  // The words say what to do; keep at least 200 characters of them and give the arguments the rest.
  const wordsRoom = Math.max(200, MAX_HINT_LENGTH - head.length - 2 - tail.length);
  const shortWords = cut(words, Math.min(words.length, wordsRoom));
  const tailRoom = MAX_HINT_LENGTH - head.length - 2 - shortWords.length;
  return tail && tailRoom > 20 ? `${head} ${shortWords} ${cut(tail, tailRoom)}` : cut(`${head} ${shortWords}`, MAX_HINT_LENGTH);
}
