// Recall on Redis: the query is prepared here (its bucket, tokens and terms), then ranked by recallTemplates-3.lua in the tenant's slot.
import { SIMILARITY_THRESHOLD } from "../../domain/failures/templates.js";
import { BM25_B, BM25_K1, POSTINGS_BUDGET, RESCORED_TEMPLATES, type RecalledTemplate, type TemplateQuery } from "../../domain/recall/ranking.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";

/** The tenant's template buckets and recall index, in one read, ranked for the query as the embedded store ranks them. */
export async function recallTemplates(redis: ScriptedRedis, keys: Keys, tenant: string, query: TemplateQuery): Promise<RecalledTemplate[]> {
  const shared = keys.shared(tenant);
  const named = { templates: shared.templates, recall_docs: shared.recallDocuments, recall_postings: shared.recallPostings };
  const input = {
    keys: Object.keys(named),
    placements: query.placements,
    similarity_threshold: SIMILARITY_THRESHOLD,
    terms: query.terms,
    kind: query.kind ?? "",
    tool: query.tool ?? "",
    error_type: query.error_type ?? "",
    limit: query.limit,
    k1: BM25_K1,
    b: BM25_B,
    budget: POSTINGS_BUDGET,
    rescored: RESCORED_TEMPLATES,
  };
  return JSON.parse(await guarded(() => redis.recallTemplates(...Object.values(named), JSON.stringify(input)))) as RecalledTemplate[];
}
