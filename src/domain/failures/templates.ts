// Failure templates mined online (Drain-like): a message joins the template it fits, a differing word becoming <*>, or starts one of its own.
import { createHash } from "node:crypto";
import { rememberedByText } from "../../recently-used.js";
import { maskMessage, templateText, WILDCARD, type MaskedMessage } from "./masking.js";

/** Templates a state keeps at most: past it, the one seen least recently is forgotten. */
export const MAX_TEMPLATES = 1_000;
/**
 * The share of a template's constant tokens a message must hold, in place, to join it. Below it, the
 * message starts a template of its own. Chosen on Loghub-2k (docs/templates.md), for every system alike.
 */
export const SIMILARITY_THRESHOLD = 0.7;
/**
 * A failure's message as kept and placed: its first 500 characters, after redaction. The accumulator cut a lesson's
 * so that it stays small enough to inject into a prompt; a failed tool call's is cut alike, so the same failure gets one signature either way.
 */
export const KEPT_MESSAGE_CHARS = 500;

/** One template as kept. `created` and `seen` are the state's clock when it was made and last took a message. */
export interface StoredTemplate {
  tokens: string[];
  gaps: boolean[];
  created: number;
  seen: number;
  count: number;
}

/**
 * Everything the miner knows, as a plain JSON value, the same on every replica that learned the same
 * messages in the same order. `clock` counts the messages learned; `templates` holds each template
 * by id; `buckets` lists the ids of each bucket's templates (a bucket: a token count and a first token), oldest first.
 */
export interface TemplateState {
  clock: number;
  templates: Record<string, StoredTemplate>;
  buckets: Record<string, string[]>;
}

/** A message's template: its id, which never changes while the template is kept, and its text. */
export interface FoundTemplate {
  templateId: string;
  template: string;
}

/** A message's template as learned, with what changed: what a store answers, whose state it keeps itself. */
export interface LearnedFailureTemplate extends FoundTemplate {
  /** `seen`: a template took the message as it is; `generalised`: its text changed to take it; `created`: a new one. */
  change: "seen" | "generalised" | "created";
  /** The id of the template forgotten to make room, if any. */
  forgotten: string | null;
}

/** What learning a message gives: the next state and the message's template, with what changed. */
export interface LearnedTemplate extends LearnedFailureTemplate {
  state: TemplateState;
}

/**
 * What placing a message needs of it besides its bucket's templates: its bucket, its masked tokens and
 * gaps, and the id a template made from it gets. A store that places messages elsewhere (Redis, in Lua)
 * is given this, so masking, buckets and ids are made here only.
 */
export interface PreparedMessage extends MaskedMessage {
  bucket: string;
  id: string;
}

/** One template of a bucket, as the bucket step reads it. */
export interface BucketTemplate {
  id: string;
  tokens: readonly string[];
}

/** Where a message goes in its bucket: the template's id and tokens after taking it. */
export interface Placement {
  id: string;
  tokens: string[];
  change: LearnedTemplate["change"];
}

/** A state that knows no template. */
export function emptyTemplateState(): TemplateState {
  return { clock: 0, templates: {}, buckets: {} };
}

/** The bucket of a masked message: its token count and first token (`<*>` when that holds a variable, as in `uid=<*>`). */
export function bucketOf(tokens: readonly string[]): string {
  const first = tokens[0] ?? "";
  return `${tokens.length} ${first.includes(WILDCARD) ? WILDCARD : first}`;
}

/** The id of a template made from these tokens: 16 hex characters of their SHA-256. */
export function templateIdOf(tokens: readonly string[]): string {
  return createHash("sha256").update(tokens.join(" "), "utf8").digest("hex").slice(0, 16);
}

/**
 * The message as placing it needs it: masked, with its bucket and the id a new template of it would get.
 * A fleet reports the same few failures again and again, so the answers for the 5,000 messages used last
 * (of up to 1,000 characters, 1M characters in all) are kept; callers must not change what they get.
 */
export const prepareMessage = rememberedByText({ entries: 5_000, chars: 1_000_000 }, 1_000, (message): PreparedMessage => {
  const { tokens, gaps } = maskMessage(message);
  return { bucket: bucketOf(tokens), tokens, gaps, id: templateIdOf(tokens) };
});

/** Whether the template holds every token of the message in place, or a wildcard there. */
function covers(template: readonly string[], tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i += 1) if (template[i] !== WILDCARD && template[i] !== tokens[i]) return false;
  return true;
}

/** Whether some message would be covered by both templates. */
function overlap(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== WILDCARD && b[i] !== WILDCARD && a[i] !== b[i]) return false;
  return true;
}

/** The share of the template's constant tokens that the message holds in place. */
function similarity(template: readonly string[], tokens: readonly string[]): number {
  let constants = 0;
  let same = 0;
  for (let i = 0; i < tokens.length; i += 1) {
    if (template[i] === WILDCARD) continue;
    constants += 1;
    if (template[i] === tokens[i]) same += 1;
  }
  return constants === 0 ? 1 : same / constants;
}

/**
 * Where the message's tokens go among its bucket's templates (oldest first), by these rules:
 * 1. the oldest template that covers them takes them as they are;
 * 2. else the most similar template at or above SIMILARITY_THRESHOLD (the oldest of equals) takes them,
 *    each differing token becoming `<*>`, unless that would let it cover a message of a younger template;
 * 3. else they make a new template, whose id is the hash of its tokens.
 * A message once placed is covered by its template from then on, and no older template grows over it
 * (rule 2's exception), so rule 1 places it there again for as long as the template is kept.
 */
export function placeInBucket(bucket: readonly BucketTemplate[], tokens: readonly string[]): Placement {
  for (const template of bucket) if (covers(template.tokens, tokens)) return { id: template.id, tokens: [...template.tokens], change: "seen" };
  let best = -1;
  let bestScore = SIMILARITY_THRESHOLD;
  bucket.forEach((template, i) => {
    const score = similarity(template.tokens, tokens);
    if (score > bestScore || (score === bestScore && best < 0)) [best, bestScore] = [i, score];
  });
  if (best >= 0) {
    const chosen = bucket[best]!;
    const general = chosen.tokens.map((token, i) => (token === tokens[i] ? token : WILDCARD));
    if (!bucket.slice(best + 1).some((younger) => overlap(general, younger.tokens))) return { id: chosen.id, tokens: general, change: "generalised" };
  }
  return { id: templateIdOf(tokens), tokens: [...tokens], change: "created" };
}

const bucketTemplates = (state: TemplateState, bucket: string): BucketTemplate[] =>
  (state.buckets[bucket] ?? []).map((id) => ({ id, tokens: state.templates[id]!.tokens }));

const orGaps = (kept: readonly boolean[], more: readonly boolean[]) => kept.map((gap, i) => gap || (more[i] ?? false));

/** The template `learnTemplate` would give the message, without learning it. */
export function findTemplate(state: TemplateState, message: string): FoundTemplate {
  const masked = maskMessage(message);
  const placed = placeInBucket(bucketTemplates(state, bucketOf(masked.tokens)), masked.tokens);
  const gaps = placed.change === "created" ? masked.gaps : orGaps(state.templates[placed.id]!.gaps, masked.gaps);
  return { templateId: placed.id, template: templateText(placed.tokens, gaps) };
}

/** The id of the template a message of these masked tokens would be placed in, or null when it would start one of its own. */
export function placedTemplateId(state: TemplateState, tokens: readonly string[]): string | null {
  const placed = placeInBucket(bucketTemplates(state, bucketOf(tokens)), tokens);
  return placed.change === "created" ? null : placed.id;
}

/**
 * Learns one message, online: the next state, and the message's template. The state passed in is
 * not changed. Work is bounded: the message is cut to MAX_MESSAGE_CHARS and MAX_TOKENS, and only
 * its bucket's templates are compared; when a new template passes `maxTemplates` (MAX_TEMPLATES unless
 * a test wants fewer), the template seen least recently is forgotten (a message of it seen again gets a template anew).
 */
export function learnTemplate(state: TemplateState, message: string, maxTemplates: number = MAX_TEMPLATES): LearnedTemplate {
  return learnMasked(state, maskMessage(message), maxTemplates);
}

/** learnTemplate for a message masked already (maskMessage's answer), so that its caller masks it once. */
export function learnMasked(state: TemplateState, masked: MaskedMessage, maxTemplates: number): LearnedTemplate {
  const bucket = bucketOf(masked.tokens);
  const placed = placeInBucket(bucketTemplates(state, bucket), masked.tokens);
  const clock = state.clock + 1;
  const templates = { ...state.templates };
  let buckets = state.buckets;
  let forgotten: string | null = null;
  let change = placed.change;
  if (placed.change === "created") {
    templates[placed.id] = { tokens: placed.tokens, gaps: [...masked.gaps], created: clock, seen: clock, count: 1 };
    buckets = { ...buckets, [bucket]: [...(buckets[bucket] ?? []), placed.id] };
    if (Object.keys(templates).length > maxTemplates) {
      forgotten = leastRecentlySeen(templates);
      const gone = bucketOf(templates[forgotten]!.tokens);
      delete templates[forgotten];
      const left = buckets[gone]!.filter((id) => id !== forgotten);
      if (left.length > 0) buckets[gone] = left;
      else delete buckets[gone];
    }
  } else {
    const kept = templates[placed.id]!;
    const gaps = orGaps(kept.gaps, masked.gaps);
    if (change === "seen" && gaps.some((gap, i) => gap !== kept.gaps[i])) change = "generalised";
    templates[placed.id] = { ...kept, tokens: placed.tokens, gaps, seen: clock, count: kept.count + 1 };
  }
  const template = templates[placed.id]!;
  return { state: { clock, templates, buckets }, templateId: placed.id, template: templateText(template.tokens, template.gaps), change, forgotten };
}

function leastRecentlySeen(templates: Record<string, StoredTemplate>): string {
  let oldest: string | null = null;
  for (const [id, template] of Object.entries(templates)) if (oldest === null || template.seen < templates[oldest]!.seen) oldest = id;
  return oldest!;
}
