// Embedded failure templates: each tenant's miner state as the domain's plain TemplateState, learned with learnMasked, and its recall index beside it.
import {
  emptyTemplateState,
  learnMasked,
  MAX_TEMPLATES,
  placedTemplateId,
  type FoundTemplate,
  type LearnedFailureTemplate,
  type TemplateState,
} from "../../domain/failures/templates.js";
import type { RecalledTemplate, TemplateQuery, UseReport } from "../../domain/recall/ranking.js";
import { maskMessage } from "../../domain/failures/masking.js";
import { MAX_TERMS_PER_TEMPLATE, termsOf } from "../../domain/recall/terms.js";
import type { TemplateWriteKey } from "../../domain/failures/store.js";
import type { KeyedWrite } from "../../domain/idempotency.js";
import { ExpiringMap } from "./expiring-map.js";
import { createIdempotencyRecords } from "./idempotency.js";
import { emptyRecallIndex, indexTemplate, recallFrom, unindexTemplate, type RecallIndex } from "./recall-index.js";

export interface MemoryFailureTemplateOptions {
  /** Seconds a tenant's state lives after its last write, as its Redis keys do; 0 keeps it forever. */
  ttlSeconds: number;
  /** Seconds a keyed write's answer is kept for its retries. */
  idempotencyTtlSeconds: number;
  now: () => number;
  /** Templates a tenant keeps at most (MAX_TEMPLATES unless configured otherwise). */
  maxTemplates?: number;
}

export interface MemoryFailureTemplates {
  /** Learns one failure message in the tenant's templates; answers as the Redis adapter's learnFailureTemplate does. */
  learnFailureTemplate(tenant: string, message: string, write?: TemplateWriteKey | null, use?: UseReport | null): KeyedWrite<LearnedFailureTemplate>;
  /** The tenant's templates that match a query, best first (as the Redis adapter's recallTemplates). */
  recallTemplates(tenant: string, query: TemplateQuery): RecalledTemplate[];
  /** Drops the states of tenants whose retention passed. */
  sweep(): void;
}

interface TenantTemplates {
  state: TemplateState;
  index: RecallIndex;
}

export function createMemoryFailureTemplates(options: MemoryFailureTemplateOptions): MemoryFailureTemplates {
  const tenants = new ExpiringMap<TenantTemplates>(options.ttlSeconds * 1000, options.now);
  const maxTemplates = options.maxTemplates ?? MAX_TEMPLATES;
  // What a keyed write's step answered, so that its retry learns nothing (Redis keeps it in the tenant's slot).
  const records = createIdempotencyRecords<FoundTemplate>(options.idempotencyTtlSeconds, options.now);
  return {
    learnFailureTemplate(tenant, message, write = null, use = null) {
      const learn = () => {
        const kept = tenants.get(tenant) ?? { state: emptyTemplateState(), index: emptyRecallIndex() };
        // Masked once, for the template and for recall's terms.
        const masked = maskMessage(message);
        const { state, ...learned } = learnMasked(kept.state, masked, maxTemplates);
        if (learned.forgotten !== null) unindexTemplate(kept.index, learned.forgotten);
        indexTemplate(kept.index, learned.templateId, learned.template, termsOf(message, MAX_TERMS_PER_TEMPLATE, masked.tokens), use);
        tenants.set(tenant, { state, index: kept.index });
        return { value: learned, kept: { templateId: learned.templateId, template: learned.template } };
      };
      const replay = (kept: FoundTemplate): LearnedFailureTemplate => ({ ...kept, change: "seen", forgotten: null });
      return records.once(`${tenant}\u0000${write?.scope ?? ""}`, write?.key ?? null, learn, replay);
    },
    recallTemplates(tenant, query) {
      const kept = tenants.get(tenant);
      if (!kept) return [];
      const placed = query.placements.map(({ tokens }) => placedTemplateId(kept.state, tokens)).find((id) => id !== null);
      return recallFrom(kept.index, query, placed ?? null);
    },
    sweep: () => {
      tenants.sweep();
      records.sweep();
    },
  };
}
