// A tenant's failure templates on Redis: the message is masked here, then placed by learnTemplate-5.lua against the state in Redis.
import {
  MAX_TEMPLATES,
  prepareMessage,
  SIMILARITY_THRESHOLD,
  type LearnedFailureTemplate,
  type PreparedMessage,
} from "../../domain/failures/templates.js";
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
}

/** lib/template-miner.lua's answer. */
interface TemplateScriptAnswer {
  id: string;
  template: string;
  change: LearnedFailureTemplate["change"];
  /** "" when none was forgotten. */
  forgotten: string;
}

/** The tenant's template keys by the name lib/template-miner.lua reads them by, in the order they travel in KEYS. */
export function templateKeys(keys: Keys, tenant: string): Record<string, string> {
  const shared = keys.shared(tenant);
  return {
    templates: shared.templates,
    template_seen: shared.templateSeen,
    template_counts: shared.templateCounts,
    template_buckets: shared.templateBuckets,
    template_clock: shared.templateClock,
  };
}

/**
 * Learns one failure message in the tenant's templates, atomically: every replica places it against the
 * same state, as the embedded store's learnTemplate would. The state lives `ttlSeconds` after its last
 * write (0: forever); past `maxTemplates` the template seen least recently is forgotten.
 */
export async function learnFailureTemplate(
  redis: ScriptedRedis,
  keys: Keys,
  tenant: string,
  message: string,
  ttlSeconds: number,
  maxTemplates: number = MAX_TEMPLATES,
): Promise<LearnedFailureTemplate> {
  const named = templateKeys(keys, tenant);
  const input: TemplateScriptInput = {
    keys: Object.keys(named),
    ...prepareMessage(message),
    max_templates: maxTemplates,
    similarity_threshold: SIMILARITY_THRESHOLD,
    ttl: ttlSeconds,
  };
  const answer = JSON.parse(await guarded(() => redis.learnTemplate(...Object.values(named), JSON.stringify(input)))) as TemplateScriptAnswer;
  return { templateId: answer.id, template: answer.template, change: answer.change, forgotten: answer.forgotten === "" ? null : answer.forgotten };
}
