// Embedded failure templates: each tenant's miner state as the domain's plain TemplateState, learned with learnTemplate.
import { emptyTemplateState, learnTemplate, MAX_TEMPLATES, type FoundTemplate, type LearnedFailureTemplate, type TemplateState } from "../../domain/failures/templates.js";
import type { KeyedWrite, TemplateWriteKey } from "../port.js";
import { ExpiringMap } from "./expiring-map.js";
import { createIdempotencyRecords } from "./idempotency.js";

export interface MemoryFailureTemplateOptions {
  /** Seconds a tenant's state lives after its last write, as its Redis keys do; 0 keeps it forever. */
  ttlSeconds: number;
  /** Seconds a keyed write's answer is kept for its retries. */
  idempotencyTtlSeconds: number;
  now: () => number;
  /** Templates a tenant keeps at most (MAX_TEMPLATES unless a test wants fewer). */
  maxTemplates?: number;
}

export interface MemoryFailureTemplates {
  /** Learns one failure message in the tenant's templates; answers as the Redis adapter's learnFailureTemplate does. */
  learnFailureTemplate(tenant: string, message: string, write?: TemplateWriteKey | null): KeyedWrite<LearnedFailureTemplate>;
  /** Drops the states of tenants whose retention passed. */
  sweep(): void;
}

export function createMemoryFailureTemplates(options: MemoryFailureTemplateOptions): MemoryFailureTemplates {
  const states = new ExpiringMap<TemplateState>(options.ttlSeconds * 1000, options.now);
  const maxTemplates = options.maxTemplates ?? MAX_TEMPLATES;
  // What a keyed write's step answered, so that its retry learns nothing (Redis keeps it in the tenant's slot).
  const records = createIdempotencyRecords<FoundTemplate>(options.idempotencyTtlSeconds, options.now);
  return {
    learnFailureTemplate(tenant, message, write = null) {
      const learn = () => {
        const { state, ...learned } = learnTemplate(states.get(tenant) ?? emptyTemplateState(), message, maxTemplates);
        states.set(tenant, state);
        return { value: learned, kept: { templateId: learned.templateId, template: learned.template } };
      };
      const replay = (kept: FoundTemplate): LearnedFailureTemplate => ({ ...kept, change: "seen", forgotten: null });
      return records.once(`${tenant}\u0000${write?.scope ?? ""}`, write?.key ?? null, learn, replay);
    },
    sweep: () => {
      states.sweep();
      records.sweep();
    },
  };
}
