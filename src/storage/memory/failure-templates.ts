// Embedded failure templates: each tenant's miner state as the domain's plain TemplateState, learned with learnTemplate.
import { emptyTemplateState, learnTemplate, MAX_TEMPLATES, type LearnedFailureTemplate, type TemplateState } from "../../domain/failures/templates.js";
import { ExpiringMap } from "./expiring-map.js";

export interface MemoryFailureTemplateOptions {
  /** Seconds a tenant's state lives after its last write, as its Redis keys do; 0 keeps it forever. */
  ttlSeconds: number;
  now: () => number;
  /** Templates a tenant keeps at most (MAX_TEMPLATES unless a test wants fewer). */
  maxTemplates?: number;
}

export interface MemoryFailureTemplates {
  /** Learns one failure message in the tenant's templates; answers as the Redis adapter's learnFailureTemplate does. */
  learnFailureTemplate(tenant: string, message: string): LearnedFailureTemplate;
  /** Drops the states of tenants whose retention passed. */
  sweep(): void;
}

export function createMemoryFailureTemplates(options: MemoryFailureTemplateOptions): MemoryFailureTemplates {
  const states = new ExpiringMap<TemplateState>(options.ttlSeconds * 1000, options.now);
  const maxTemplates = options.maxTemplates ?? MAX_TEMPLATES;
  return {
    learnFailureTemplate(tenant, message) {
      const { state, ...learned } = learnTemplate(states.get(tenant) ?? emptyTemplateState(), message, maxTemplates);
      states.set(tenant, state);
      return learned;
    },
    sweep: () => states.sweep(),
  };
}
