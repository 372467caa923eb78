// How recall ranks a tenant's templates for a query: the template the query would be placed in first, then BM25 over the templates' terms.
// Both stores run this: the embedded one over its index in memory, Redis over the postings and entries it reads (recall.ts).

/** BM25's term-frequency saturation and length normalisation, at their usual values. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/**
 * Postings read for one query at most, rarest terms first: a term found in thousands of templates says
 * little, and reading all of it would let one query cost as much as the tenant is big.
 */
export const POSTINGS_BUDGET = 5_000;
/** Templates scored by BM25 at most, the best by the sum of their terms' weights: the rest cannot rank in the first 50. */
export const RESCORED_TEMPLATES = 200;
/** Uses a template keeps at most (a lesson's error type, or a tool and its error type), the most recent first. */
export const MAX_USES_PER_TEMPLATE = 16;
/** Tasks or sessions a use keeps, the most recent first. */
export const MAX_REFS_PER_USE = 5;

/** One way a template was met: a lesson of an error type, or a tool's failure of one. */
export interface TemplateUse {
  kind: "lesson" | "tool";
  /** "" for a lesson. */
  tool: string;
  error_type: string;
  count: number;
  /** When it was last met, in ms. */
  last_seen: number;
  /** The tasks (lessons) or sessions (tools) that met it last, the most recent first. */
  refs: string[];
}

/** The use a failure's template step counts: what failed, where, and when (ms). */
export interface UseReport {
  kind: TemplateUse["kind"];
  tool: string;
  error_type: string;
  ref: string;
  at: number;
}

/** A query's text as placing it needs it: its bucket and masked tokens (domain/failures/templates.ts). */
export interface QueryPlacement {
  bucket: string;
  tokens: string[];
}

/** What a query asks the store for: where it would be placed, its terms, and which uses it wants. */
export interface TemplateQuery {
  /** Readings of the query to place, in turn: the first that a template would take names its template. */
  placements: QueryPlacement[];
  terms: string[];
  kind: TemplateUse["kind"] | null;
  tool: string | null;
  error_type: string | null;
  /** Matches answered at most. */
  limit: number;
}

/** A template a store answers for a query, best first; one entry per use that passed the query's filters. */
export interface RecalledTemplate {
  id: string;
  template: string;
  score: number;
  /** Whether the query would be placed in this template. */
  same_template: boolean;
  /** The query's terms the template is indexed by. */
  terms: string[];
  use: TemplateUse;
}

/** The numbers ranking needs of a term: how many of the tenant's templates hold it. */
const idfOf = (templates: number, holding: number) => Math.log(1 + (templates - holding + 0.5) / (holding + 0.5));

/** A score as both stores compare it: rounded, so that the last bit of a logarithm never reorders equals. */
export const roundedScore = (score: number) => Math.round(score * 1e6) / 1e6;

/** What ranking reads of a tenant's index. */
export interface IndexReader {
  templates: number;
  meanLength: number;
  /** The ids of the templates holding the term, in the order they were indexed. */
  postings(term: string): readonly string[];
  length(id: string): number;
}

export interface RankedTemplate {
  id: string;
  score: number;
  sameTemplate: boolean;
  terms: string[];
}

/** The templates a query's terms weigh for, before their lengths are read: the ones BM25 scores, and each one's terms and weights. */
export interface RecallCandidates {
  /** The best RESCORED_TEMPLATES by the sum of their terms' weights, and the known template if it is not among them. */
  chosen: string[];
  /** Per template, the indexes of the query's terms it holds. */
  matched: Map<string, number[]>;
  /** Per query term read, its inverse document frequency. */
  idf: number[];
}

/**
 * The query's terms whose postings are read, by their place in the query: rarest first (ties in the query's order),
 * each while its postings fit in what is left of POSTINGS_BUDGET; a term that fits no more, or holds no template, is
 * skipped. `counts` are how many templates hold each term, which a store can tell without reading the postings.
 */
export function termsRead(counts: readonly number[]): number[] {
  const order = counts.map((count, i) => ({ count, i })).sort((a, b) => a.count - b.count || a.i - b.i);
  const read: number[] = [];
  let budget = POSTINGS_BUDGET;
  for (const { count, i } of order) {
    if (count === 0 || count > budget) continue;
    budget -= count;
    read.push(i);
  }
  return read;
}

/**
 * The first half of rankTemplates: terms read rarest first until POSTINGS_BUDGET postings were read, each template
 * weighed by the sum of its terms' weights, the best RESCORED_TEMPLATES chosen (and `known`, if any).
 */
export function weighTemplates(index: Pick<IndexReader, "templates" | "postings">, terms: readonly string[], known: string | null): RecallCandidates {
  const weight = new Map<string, number>();
  const matched = new Map<string, number[]>();
  const idf: number[] = [];
  for (const i of termsRead(terms.map((term) => index.postings(term).length))) {
    const ids = index.postings(terms[i]!);
    idf[i] = idfOf(index.templates, ids.length);
    for (const id of ids) {
      weight.set(id, (weight.get(id) ?? 0) + idf[i]!);
      const seen = matched.get(id);
      if (seen) seen.push(i);
      else matched.set(id, [i]);
    }
  }
  const byWeight = [...weight.keys()].sort((a, b) => roundedScore(weight.get(b)!) - roundedScore(weight.get(a)!) || (a < b ? -1 : 1));
  const chosen = byWeight.slice(0, RESCORED_TEMPLATES);
  if (known !== null && !chosen.includes(known)) chosen.push(known);
  return { chosen, matched, idf };
}

/** The second half: the chosen templates scored by BM25 (each term counted once), the known one first, then by score, then by id. */
export function scoreTemplates(
  { chosen, matched, idf }: RecallCandidates,
  index: Pick<IndexReader, "meanLength" | "length">,
  terms: readonly string[],
  known: string | null,
): RankedTemplate[] {
  const ranked = chosen.map((id) => {
    const mine = (matched.get(id) ?? []).sort((a, b) => a - b);
    const norm = 1 - BM25_B + (BM25_B * index.length(id)) / (index.meanLength || 1);
    const score = mine.reduce((sum, i) => sum + (idf[i]! * (BM25_K1 + 1)) / (1 + BM25_K1 * norm), 0);
    return { id, score: roundedScore(score), sameTemplate: id === known, terms: mine.map((i) => terms[i]!) };
  });
  return ranked.sort((a, b) => Number(b.sameTemplate) - Number(a.sameTemplate) || b.score - a.score || (a.id < b.id ? -1 : 1));
}

/**
 * The templates that match the query, best first: the one it would be placed in (`known`, if any) first,
 * then by BM25 (each term counted once) over the best RESCORED_TEMPLATES by the sum of their terms' weights,
 * then by id. Terms are read rarest first until POSTINGS_BUDGET postings were read.
 */
export function rankTemplates(index: IndexReader, terms: readonly string[], known: string | null): RankedTemplate[] {
  return scoreTemplates(weighTemplates(index, terms, known), index, terms, known);
}

/** What a ranked template shows: its text and uses (null when it is no longer indexed). */
export type RecallEntry = { text: string; uses: readonly TemplateUse[] } | null;

/** The matches a ranking answers: one per use that passes the query's filters, in rank order, at most `query.limit`. */
export function recalledFrom(ranked: readonly RankedTemplate[], entryOf: (id: string) => RecallEntry, query: TemplateQuery): RecalledTemplate[] {
  const matches: RecalledTemplate[] = [];
  for (const { id, score, sameTemplate, terms } of ranked) {
    const entry = entryOf(id);
    for (const use of entry?.uses ?? []) {
      if (matches.length >= query.limit) return matches;
      if (!useWanted(use, query)) continue;
      matches.push({ id, template: entry!.text, score, same_template: sameTemplate, terms, use: { ...use, refs: [...use.refs] } });
    }
  }
  return matches;
}

/** Whether a use passes the query's filters. */
export const useWanted = (use: TemplateUse, query: Pick<TemplateQuery, "kind" | "tool" | "error_type">) =>
  (query.kind === null || use.kind === query.kind) && (query.tool === null || use.tool === query.tool) && (query.error_type === null || use.error_type === query.error_type);

/** The use after one more meeting: counted, stamped, with its ref first; the uses list keeps the most recent first, capped. */
export function countUse(uses: readonly TemplateUse[], report: UseReport): TemplateUse[] {
  const at = uses.findIndex((use) => use.kind === report.kind && use.tool === report.tool && use.error_type === report.error_type);
  const before = at < 0 ? null : uses[at]!;
  const refs = [report.ref, ...(before?.refs ?? []).filter((ref) => ref !== report.ref)].slice(0, MAX_REFS_PER_USE);
  const use: TemplateUse = { kind: report.kind, tool: report.tool, error_type: report.error_type, count: (before?.count ?? 0) + 1, last_seen: report.at, refs };
  return [use, ...uses.filter((_, i) => i !== at)].slice(0, MAX_USES_PER_TEMPLATE);
}
