// One message's template step decided against its bucket as a store read it: where the message goes, and what the template and its recall entry become.
import { countUse, type TemplateUse, type UseReport } from "../recall/ranking.js";
import { templateText } from "./masking.js";
import { placeInBucket, type LearnedFailureTemplate, type PreparedMessage } from "./templates.js";

/** One template of a bucket with its recall entry: what a decision reads, and what a store keeps of it. */
export interface BucketTemplateState {
  id: string;
  tokens: string[];
  gaps: boolean[];
  /** The terms recall indexes it by, in the order they were added. */
  terms: string[];
  /** Its uses, the most recent first (domain/recall/ranking.ts: countUse). */
  uses: TemplateUse[];
}

/**
 * A bucket (a token count and a first token) as a store read it: its templates, oldest first, and the version
 * the store keeps beside it ("" for a bucket it does not hold). Every write to the bucket gives it a new version,
 * so a decision made on this snapshot is applied only while the bucket still reads so.
 */
export interface TemplateBucketSnapshot {
  bucket: string;
  version: string;
  templates: BucketTemplateState[];
}

/** What one message does to its bucket: the template it lands in, and each part of that template the store must write. */
export interface TemplateStepDecision {
  id: string;
  /** The template's text after the step. */
  template: string;
  change: LearnedFailureTemplate["change"];
  /** A new template, appended to the bucket. */
  created: boolean;
  /** Whether its tokens or gaps changed (or it is new): the stored template is written again. */
  reshaped: boolean;
  /** The template after the step, recall entry included. */
  after: BucketTemplateState;
  /** The message's terms the template did not hold yet, now added (each joins its term's postings). */
  addedTerms: string[];
  /** The bucket's templates once the step is applied (with the version decided on: the store gives the new one). */
  next: TemplateBucketSnapshot;
}

/** The terms of a message that join a template's entry: those it lacks, best first, while it holds fewer than `max`. */
export function termsToAdd(have: readonly string[], terms: readonly string[], max: number): string[] {
  const known = new Set(have);
  const added: string[] = [];
  for (const term of terms) {
    if (have.length + added.length >= max) break;
    if (known.has(term)) continue;
    known.add(term);
    added.push(term);
  }
  return added;
}

const orGaps = (kept: readonly boolean[], more: readonly boolean[]) => kept.map((gap, i) => gap || (more[i] ?? false));

/**
 * Decides one message's step against its bucket, as learnTemplate does against a whole state (templates.ts):
 * placed by placeInBucket, the gaps of both joined, a template that only widened its gaps counted as generalised;
 * then indexed for recall: the message's `terms` it lacks (at most `maxTerms` in all) and `use` counted.
 * Forgetting past the tenant's cap is the store's: it needs every bucket, and the template seen least recently.
 */
export function decideTemplateStep(
  snapshot: TemplateBucketSnapshot,
  message: PreparedMessage,
  terms: readonly string[],
  use: UseReport | null,
  maxTerms: number,
): TemplateStepDecision {
  const placed = placeInBucket(snapshot.templates, message.tokens);
  const before = placed.change === "created" ? null : snapshot.templates.find((template) => template.id === placed.id)!;
  const gaps = before ? orGaps(before.gaps, message.gaps) : [...message.gaps];
  const widened = before !== null && gaps.some((gap, i) => gap !== before.gaps[i]);
  const change = placed.change === "seen" && widened ? "generalised" : placed.change;
  const have = before?.terms ?? [];
  const addedTerms = termsToAdd(have, terms, maxTerms);
  const after: BucketTemplateState = {
    id: placed.id,
    tokens: placed.tokens,
    gaps,
    terms: [...have, ...addedTerms],
    uses: use ? countUse(before?.uses ?? [], use) : (before?.uses ?? []),
  };
  const templates = before ? snapshot.templates.map((template) => (template.id === placed.id ? after : template)) : [...snapshot.templates, after];
  return {
    id: placed.id,
    template: templateText(after.tokens, after.gaps),
    change,
    created: before === null,
    reshaped: change !== "seen",
    after,
    addedTerms,
    next: { bucket: snapshot.bucket, version: snapshot.version, templates },
  };
}
