// Recall on Redis: the query placed against the tenant's buckets, its terms' postings and its candidates' entries read in two round trips, ranked here as the embedded store ranks (domain/recall/ranking.ts).
import { recalledFrom, scoreTemplates, weighTemplates, type RecallEntry, type RecalledTemplate, type TemplateQuery, type TemplateUse } from "../../domain/recall/ranking.js";
import { guarded } from "./errors.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import type { RedisTemplateBuckets } from "./template-buckets.js";

/** Each template id in a posting is 16 hex characters after a space (lib/template-write.lua). */
const POSTED_ID = /[0-9a-f]+/g;

/**
 * The tenant's templates that match a query, best first: the postings of its terms and the index's totals in one round
 * trip (with the query's own template, placed against buckets read at most TEMPLATE_READ_STALENESS_MS ago), then the
 * lengths, texts and uses of the templates BM25 scores in a second.
 */
export async function recallTemplates(
  redis: ScriptedRedis,
  keys: Keys,
  templates: Pick<RedisTemplateBuckets, "placedTemplateId">,
  tenant: string,
  query: TemplateQuery,
): Promise<RecalledTemplate[]> {
  const { recallDocuments: docs, recallPostings: postings } = keys.shared(tenant);
  const [placed, posted, totals] = await Promise.all([
    templates.placedTemplateId(tenant, query.placements),
    query.terms.length > 0 ? guarded(() => redis.hmget(postings, ...query.terms)) : [],
    guarded(() => redis.hmget(docs, "docs", "terms")),
  ]);
  const lists = new Map(query.terms.map((term, i) => [term, posted[i]?.match(POSTED_ID) ?? []]));
  const indexed = Number(totals[0] ?? 0);
  const index = { templates: indexed, meanLength: indexed > 0 ? Number(totals[1] ?? 0) / indexed : 0, postings: (term: string) => lists.get(term) ?? [] };
  let candidates = weighTemplates(index, query.terms, placed);
  if (candidates.chosen.length === 0) return [];
  const fields = candidates.chosen.flatMap((id) => [`n:${id}`, `t:${id}`, `u:${id}`]);
  const read = await guarded(() => redis.hmget(docs, ...fields));
  const entries = new Map<string, { length: number; entry: RecallEntry }>();
  candidates.chosen.forEach((id, i) => {
    const [length, text, uses] = [read[3 * i], read[3 * i + 1], read[3 * i + 2]];
    entries.set(id, { length: Number(length ?? 0), entry: length == null ? null : { text: text ?? "", uses: uses ? (JSON.parse(uses) as TemplateUse[]) : [] } });
  });
  // The query's own template counts only once it is indexed (an older one may not be yet).
  const known = placed !== null && entries.get(placed)?.entry ? placed : null;
  if (known !== placed) candidates = weighTemplates(index, query.terms, known);
  const ranked = scoreTemplates(candidates, { meanLength: index.meanLength, length: (id) => entries.get(id)?.length ?? 0 }, query.terms, known);
  return recalledFrom(ranked, (id) => entries.get(id)?.entry ?? null, query);
}
