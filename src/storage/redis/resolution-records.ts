// How a signature's efficacy hash spells a task's record (o:<task>, r:<task>) and a change of its sums, for relinkResolution.
import { SUM_FIELDS, type ResolvedContribution, type SignatureEfficacySums } from "../../domain/lessons/efficacy.js";
import type { TaskUnderSignature } from "../../domain/lessons/resolution-links.js";

/** The task's two fields as read, '' for a field not kept: what the write checks is still there. */
export interface RecordFields {
  offered: string;
  contribution: string;
}

/** r:<task>: the resolution's attempt, then, when it came after an offer, the attempts since the first one. */
export const recordText = ({ attempt, afterOffer }: ResolvedContribution): string => (afterOffer === null ? String(attempt) : `${attempt} ${afterOffer}`);

const RECORD = /^(\d+)(?: (\d+))?$/;

/** The task's record from its fields; an unreadable field reads as none (its r: takes nothing back from the sums). */
export function recordOf({ offered, contribution }: RecordFields): TaskUnderSignature {
  const record: TaskUnderSignature = {};
  if (/^\d+$/.test(offered)) record.offeredAttempt = Number(offered);
  const parts = RECORD.exec(contribution);
  if (parts) record.contribution = { attempt: Number(parts[1]), afterOffer: parts[2] === undefined ? null : Number(parts[2]) };
  return record;
}

/** The fields a change moves, each increment as text (HINCRBY takes an integer; JSON numbers reach Lua as doubles). */
export const sumsAsText = (delta: SignatureEfficacySums): Record<string, string> =>
  Object.fromEntries(SUM_FIELDS.filter((field) => delta[field] !== 0).map((field) => [field, String(delta[field])]));
