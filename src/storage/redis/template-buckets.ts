// A tenant's failure templates on Redis: each step decided here (domain/failures/template-step.ts) against its bucket as last read, then applied by a script that refuses it if the bucket moved since.
import { newWriteToken } from "./write-tokens.js";
import { decideTemplateStep, type BucketTemplateState, type TemplateBucketSnapshot, type TemplateStepDecision } from "../../domain/failures/template-step.js";
import { MAX_TEMPLATES, placeInBucket, prepareMessage, type LearnedFailureTemplate } from "../../domain/failures/templates.js";
import type { QueryPlacement, TemplateUse, UseReport } from "../../domain/recall/ranking.js";
import { MAX_TERMS_PER_TEMPLATE, termsOf } from "../../domain/recall/terms.js";
import type { FailureToSign, TemplateWriteKey } from "../../domain/failures/store.js";
import type { KeyedWrite } from "../../domain/idempotency.js";
import { scopedWriteId, tenantIdempotencyRecord } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { createBucketCache } from "./template-cache.js";
import { pauseAfterRefusal } from "./refusal-pause.js";

/**
 * How old a bucket read may be when a read (recall) places a query in it without reading it again. A write never uses
 * that bound: it is applied only on the version it was decided on.
 */
export const TEMPLATE_READ_STALENESS_MS = 1_000;

/** lib/template-write.lua's step, with its keys' names (lib/named-keys.lua). */
interface StepInput {
  keys: string[];
  /** What every bucket's key starts with: the script names the bucket of a template it forgets from it. */
  bucket_root: string;
  bucket: string;
  /** The version the decision read ("" for a bucket Redis does not hold). */
  version: string;
  /**
   * The bucket's version once the step is applied, and the version of the bucket of a template it forgets: random, so
   * that no version repeats, not after a bucket expired and came back, nor after a failover lost a write a cache saw.
   */
  next_version: string;
  forget_version: string;
  id: string;
  created: boolean;
  shape: string;
  terms: string;
  term_count: number;
  added_terms: string[];
  uses: string;
  template: string;
  change: LearnedFailureTemplate["change"];
  fingerprint: string;
  record_ttl: number;
  ttl: number;
  max_templates: number;
}

/** lib/template-bucket.lua's answer (cjson writes an empty list as an object). */
interface BucketReply {
  version: string;
  ids: string[] | Record<string, never>;
  shapes?: Array<string | false>;
  terms?: Array<string | false>;
  uses?: Array<string | false>;
}

/** lib/template-write.lua's answer. */
export type StepAnswer =
  | {
      outcome: "applied";
      id: string;
      template: string;
      change: LearnedFailureTemplate["change"];
      forgotten: string;
      forgotten_bucket: string;
      /** The forgotten template's bucket's version before the step, and after it ("" when that was its last template). */
      forgotten_before: string;
      forgotten_version: string;
    }
  | { outcome: "replayed"; id: string; template: string }
  | { outcome: "mismatch" }
  | (BucketReply & { outcome: "conflict" });

/** A step ready to send: its decision, and the script's keys and input. */
export interface PreparedStep {
  decision: TemplateStepDecision;
  keys: string[];
  input: StepInput;
}

/** A failure's message to learn, with the keyed write it belongs to and the use it counts. */
export interface TemplateMessage {
  message: string;
  write: TemplateWriteKey | null;
  use: UseReport | null;
}

/** What a step sent within a larger script came back with: the step's answer and whatever else the script answered. */
export interface SentStep<R> {
  template: StepAnswer;
  rest: R;
}

export interface RedisTemplateOptions {
  /** Seconds the tenant's templates live after their last write; 0 keeps them forever. */
  ttlSeconds: number;
  /** Seconds a keyed step's answer is kept for its retries. */
  recordTtlSeconds: number;
  maxTemplates?: number | undefined;
  now?: () => number;
}


/** Templates kept of the buckets read for placing queries (their shapes only, a few hundred bytes each). */
const PLACEMENT_CACHED_TEMPLATES = 20_000;

/** A bucket's key and the tenant's template and recall keys, by the name the scripts read them by, in the order they travel in KEYS. */
function templateKeys(keys: Keys, tenant: string, bucket: string): Record<string, string> {
  const shared = keys.shared(tenant);
  return {
    bucket: shared.templateBucket(bucket),
    template_records: shared.templateRecords,
    template_versions: shared.templateVersions,
    recall_docs: shared.recallDocuments,
    template_seen: shared.templateSeen,
    template_counts: shared.templateCounts,
    template_clock: shared.templateClock,
    recall_postings: shared.recallPostings,
  };
}

const listOf = <T>(value: T[] | Record<string, never> | undefined): T[] => (Array.isArray(value) ? value : []);

/** A bucket as lib/template-bucket.lua read it. A template whose shape is gone (forgotten as it was read) is left out. */
function snapshotFrom(bucket: string, reply: BucketReply): TemplateBucketSnapshot {
  const ids = listOf(reply.ids);
  const templates: BucketTemplateState[] = [];
  ids.forEach((id, i) => {
    const shape = reply.shapes?.[i];
    if (!shape) return;
    const { tokens, gaps } = JSON.parse(shape) as { tokens: string[]; gaps: boolean[] };
    const terms = reply.terms?.[i];
    const uses = reply.uses?.[i];
    templates.push({ id, tokens, gaps, terms: terms ? (JSON.parse(terms) as string[]) : [], uses: uses ? (JSON.parse(uses) as TemplateUse[]) : [] });
  });
  return { bucket, version: reply.version, templates };
}

export function createRedisTemplateBuckets(redis: ScriptedRedis, keys: Keys, options: RedisTemplateOptions) {
  const now = options.now ?? Date.now;
  const maxTemplates = options.maxTemplates ?? MAX_TEMPLATES;
  const cache = createBucketCache();
  // Buckets read for placing queries only (their shapes), apart from `cache`.
  const shapes = createBucketCache(PLACEMENT_CACHED_TEMPLATES);
  const cacheKey = (tenant: string, bucket: string) => `${tenant}\u0000${bucket}`;

  /** The bucket as last read or written here, or an empty one without a version (a bucket the script then answers as it reads). */
  function lastKnown(tenant: string, bucket: string): TemplateBucketSnapshot {
    return cache.get(cacheKey(tenant, bucket))?.snapshot ?? { bucket, version: "", templates: [] };
  }

  /**
   * The bucket's templates' shapes as Redis holds them now, for placing a query: kept apart from the buckets steps are
   * decided on (a write must never decide on a bucket read without its recall entries).
   */
  async function readShapes(tenant: string, bucket: string): Promise<TemplateBucketSnapshot> {
    const { bucket: bucketKey, template_records, template_versions, recall_docs } = templateKeys(keys, tenant, bucket);
    const named = { bucket: bucketKey!, template_records: template_records!, template_versions: template_versions!, recall_docs: recall_docs! };
    const input = { keys: Object.keys(named), bucket, shapes_only: true };
    const reply = JSON.parse(await guarded(() => redis.readTemplateBucket(...Object.values(named), JSON.stringify(input)))) as BucketReply;
    const snapshot = snapshotFrom(bucket, reply);
    shapes.set(cacheKey(tenant, bucket), snapshot, now());
    return snapshot;
  }

  /** The step for a message against the bucket as last known. */
  function prepare(tenant: string, { message, write, use }: TemplateMessage): PreparedStep {
    const prepared = prepareMessage(message);
    const decision = decideTemplateStep(lastKnown(tenant, prepared.bucket), prepared, termsOf(message, MAX_TERMS_PER_TEMPLATE, prepared.tokens), use, MAX_TERMS_PER_TEMPLATE);
    const [record, recordTtl] = tenantIdempotencyRecord(keys.shared(tenant).templateRecord, write && scopedWriteId(write.scope, write.key.key), options.recordTtlSeconds);
    const named = { ...templateKeys(keys, tenant, prepared.bucket), record };
    const { after } = decision;
    return {
      decision,
      keys: Object.values(named),
      input: {
        keys: Object.keys(named),
        bucket_root: keys.shared(tenant).templateBucketRoot,
        bucket: prepared.bucket,
        version: decision.next.version,
        next_version: newWriteToken(),
        forget_version: newWriteToken(),
        id: decision.id,
        created: decision.created,
        shape: decision.reshaped ? JSON.stringify({ bucket: prepared.bucket, tokens: after.tokens, gaps: after.gaps }) : "",
        terms: JSON.stringify(after.terms),
        term_count: after.terms.length,
        added_terms: decision.addedTerms,
        uses: use ? JSON.stringify(after.uses) : "",
        template: decision.template,
        change: decision.change,
        fingerprint: write?.key.fingerprint ?? "",
        record_ttl: recordTtl,
        ttl: options.ttlSeconds,
        max_templates: maxTemplates,
      },
    };
  }

  /**
   * Keeps what an applied step did to the bucket of a template it forgot: that bucket without it, only when this process
   * held the bucket as it was just before (else it is read again when next used).
   */
  function rememberForgotten(tenant: string, answer: Extract<StepAnswer, { outcome: "applied" }>): void {
    if (answer.forgotten === "") return;
    const key = cacheKey(tenant, answer.forgotten_bucket);
    const held = cache.get(key);
    if (!held) return;
    if (held.snapshot.version !== answer.forgotten_before) return cache.forget(key);
    const templates = held.snapshot.templates.filter((template) => template.id !== answer.forgotten);
    cache.set(key, { ...held.snapshot, version: answer.forgotten_version, templates }, held.readAt);
  }

  /**
   * Decides the message's step and sends it with `send` (on its own, or inside a larger script), again on the bucket as
   * the refusal read it for as long as the bucket moved in between. Answers the step's answer and what else the script answered.
   *
   * The bucket is kept as the step leaves it as soon as the step is decided, before Redis answers: this process's next
   * step of the bucket decides on that and goes out right behind it (one connection keeps their order), instead of
   * waiting a round trip. If this step is refused, so is every step decided on it (the version it names was never
   * written), and each is decided again on the bucket the refusal answers. A try fails only when another replica's write
   * to the same bucket landed in between; refused too often in a row, the step answers 503 (refusal-pause.ts).
   */
  async function runStep<R>(tenant: string, message: TemplateMessage, send: (step: PreparedStep) => Promise<SentStep<R>>): Promise<SentStep<R> & { step: PreparedStep }> {
    for (let tries = 1; ; tries += 1) {
      const step = prepare(tenant, message);
      const key = cacheKey(tenant, step.input.bucket);
      cache.set(key, { ...step.decision.next, version: step.input.next_version }, now());
      const sent = await send(step);
      const answer = sent.template;
      if (answer.outcome === "applied") rememberForgotten(tenant, answer);
      // Replayed or refused as another request's key: nothing was written, so what was kept of it is not so.
      else if (answer.outcome !== "conflict" && cache.get(key)?.snapshot.version === step.input.next_version) cache.forget(key);
      if (answer.outcome !== "conflict") return { ...sent, step };
      cache.set(key, snapshotFrom(step.input.bucket, answer), now());
      await pauseAfterRefusal(tries, "template bucket");
    }
  }

  return {
    maxTemplates,
    runStep,

    /** Learns one message on its own (learnTemplate-9.lua): the port's learnFailureTemplate. */
    async learn(tenant: string, message: string, write: TemplateWriteKey | null = null, use: UseReport | null = null): Promise<KeyedWrite<LearnedFailureTemplate>> {
      const { template } = await runStep(tenant, { message, write, use }, async (step) => ({
        template: JSON.parse(await guarded(() => redis.learnTemplate(...step.keys, JSON.stringify(step.input)))) as StepAnswer,
        rest: null,
      }));
      return learnedFrom(template);
    },

    /**
     * The id of the template the first of these readings would be placed in (null when none would be), against buckets
     * read at most TEMPLATE_READ_STALENESS_MS ago (read again, all at once, when older).
     */
    async placedTemplateId(tenant: string, placements: readonly QueryPlacement[]): Promise<string | null> {
      const at = now();
      const fresh = (key: string) => [cache.get(key), shapes.get(key)].find((held) => held && at - held.readAt <= TEMPLATE_READ_STALENESS_MS)?.snapshot;
      const snapshots = await Promise.all(placements.map(({ bucket }) => fresh(cacheKey(tenant, bucket)) ?? readShapes(tenant, bucket)));
      for (const [i, { tokens }] of placements.entries()) {
        const placed = placeInBucket(snapshots[i]!.templates, tokens);
        if (placed.change !== "created") return placed.id;
      }
      return null;
    },
  };
}

export type RedisTemplateBuckets = ReturnType<typeof createRedisTemplateBuckets>;

/** A step's answer as the port gives it (a conflict never reaches here: runStep tries again). */
export function learnedFrom(answer: StepAnswer): KeyedWrite<LearnedFailureTemplate> {
  switch (answer.outcome) {
    case "applied":
      return { outcome: "applied", value: { templateId: answer.id, template: answer.template, change: answer.change, forgotten: answer.forgotten === "" ? null : answer.forgotten } };
    case "replayed":
      return { outcome: "replayed", value: { templateId: answer.id, template: answer.template, change: "seen", forgotten: null } };
    case "mismatch":
      return { outcome: "mismatch" };
    case "conflict":
      throw new Error("a refused template step is tried again, never answered");
  }
}

/** A failure to sign as its template step takes it: the message, the keyed write, and the use it counts. */
export function templateMessageOf(failure: FailureToSign): TemplateMessage {
  return { message: failure.message, write: failure.write, use: { ...failure.where, error_type: failure.errorType } };
}
