// A tenant's failure templates on Redis: the message is masked here, then placed by learnTemplate-8.lua against the state in Redis, which indexes it for recall in the same step.
import {
  MAX_TEMPLATES,
  prepareMessage,
  SIMILARITY_THRESHOLD,
  type LearnedFailureTemplate,
  type PreparedMessage,
} from "../../domain/failures/templates.js";
import { MAX_REFS_PER_USE, MAX_USES_PER_TEMPLATE, type UseReport } from "../../domain/recall/ranking.js";
import { MAX_TERMS_PER_TEMPLATE, termsOf } from "../../domain/recall/terms.js";
import type { KeyedWrite, TemplateWriteKey } from "../port.js";
import { tenantIdempotencyRecord } from "./cross-slot-write.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

/** lib/template-miner.lua's message, with its keys' names (lib/named-keys.lua). */
export interface TemplateScriptInput extends PreparedMessage {
  keys: string[];
  max_templates: number;
  similarity_threshold: number;
  /** Seconds the state lives after its last write; 0 keeps it forever. */
  ttl: number;
  /** The keyed write's fingerprint, or "" for an unkeyed one (no record is read or kept). */
  fingerprint: string;
  /** Seconds the key's record is kept. */
  record_ttl: number;
  /** lib/recall.lua's: the message's terms, best first, and the use to count (null: none). */
  terms: string[];
  max_terms: number;
  use: UseReport | null;
  max_uses: number;
  max_refs: number;
}

/** learnTemplate-8.lua's answer (lib/template-step.lua): lib/template-miner.lua's, or the key's record's. */
export interface TemplateScriptAnswer {
  outcome: "applied" | "replayed" | "mismatch";
  id: string;
  template: string;
  change: LearnedFailureTemplate["change"];
  /** "" when none was forgotten. */
  forgotten: string;
}

/** The tenant's template and recall keys by the name lib/template-miner.lua and lib/recall.lua read them by, in the order they travel in KEYS. */
export function templateKeys(keys: Keys, tenant: string): Record<string, string> {
  const shared = keys.shared(tenant);
  return {
    templates: shared.templates,
    template_seen: shared.templateSeen,
    template_counts: shared.templateCounts,
    template_buckets: shared.templateBuckets,
    template_clock: shared.templateClock,
    recall_docs: shared.recallDocuments,
    recall_postings: shared.recallPostings,
  };
}

/** A keyed write's template step: the write, and how long its answer is kept for retries. */
export interface KeyedTemplateStep {
  write: TemplateWriteKey | null;
  recordTtlSeconds: number;
}

/**
 * The write id of a keyed template step. The scope's length goes first: ids and keys may both hold `:`, and
 * session `a` with key `b:c` is another write than session `a:b` with key `c`.
 */
const templateWriteId = ({ scope, key }: TemplateWriteKey) => `${scope.length}:${scope}:${key.key}`;

/**
 * Learns one failure message in the tenant's templates, atomically: every replica places it against the
 * same state, as the embedded store's learnTemplate would. The state lives `ttlSeconds` after its last
 * write (0: forever); past `maxTemplates` the template seen least recently is forgotten. The same step
 * indexes it for recall (lib/recall.lua), counting `use` among its uses. With a keyed
 * `step`, the answer is kept under its key in the tenant's slot for `recordTtlSeconds`, so that a retry learns nothing.
 */
export async function learnFailureTemplate(
  redis: ScriptedRedis,
  keys: Keys,
  tenant: string,
  message: string,
  ttlSeconds: number,
  options: TemplateStepOptions = {},
): Promise<KeyedWrite<LearnedFailureTemplate>> {
  const { named, input } = templateStepInput(keys, tenant, message, ttlSeconds, options);
  return placedFrom(JSON.parse(await guarded(() => redis.learnTemplate(...Object.values(named), JSON.stringify(input)))) as TemplateScriptAnswer);
}

export interface TemplateStepOptions {
  maxTemplates?: number;
  step?: KeyedTemplateStep | null;
  use?: UseReport | null;
}

/** lib/template-step.lua's keys by name, in the order they travel in KEYS, and its input. */
export function templateStepInput(
  keys: Keys,
  tenant: string,
  message: string,
  ttlSeconds: number,
  { maxTemplates = MAX_TEMPLATES, step = null, use = null }: TemplateStepOptions,
): { named: Record<string, string>; input: TemplateScriptInput } {
  const write = step?.write ?? null;
  const [record, recordTtl] = tenantIdempotencyRecord(keys.shared(tenant).templateRecord, write && templateWriteId(write), step?.recordTtlSeconds ?? 0);
  const named = { ...templateKeys(keys, tenant), record };
  const prepared = prepareMessage(message);
  const input: TemplateScriptInput = {
    keys: Object.keys(named),
    ...prepared,
    max_templates: maxTemplates,
    similarity_threshold: SIMILARITY_THRESHOLD,
    ttl: ttlSeconds,
    fingerprint: write?.key.fingerprint ?? "",
    record_ttl: recordTtl,
    terms: termsOf(message, MAX_TERMS_PER_TEMPLATE, prepared.tokens),
    max_terms: MAX_TERMS_PER_TEMPLATE,
    use,
    max_uses: MAX_USES_PER_TEMPLATE,
    max_refs: MAX_REFS_PER_USE,
  };
  return { named, input };
}

/** The template step's answer as the port gives it. */
export function placedFrom(answer: TemplateScriptAnswer): KeyedWrite<LearnedFailureTemplate> {
  if (answer.outcome === "mismatch") return { outcome: "mismatch" };
  return {
    outcome: answer.outcome,
    value: { templateId: answer.id, template: answer.template, change: answer.change, forgotten: answer.forgotten === "" ? null : answer.forgotten },
  };
}
