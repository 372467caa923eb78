// A tenant's recall index in process memory: each template's terms, text and uses, and each term's templates; written where the template is learned.
import { countUse, rankTemplates, recalledFrom, type RecalledTemplate, type TemplateQuery, type TemplateUse, type UseReport } from "../../domain/recall/ranking.js";
import { MAX_TERMS_PER_TEMPLATE } from "../../domain/recall/terms.js";
import { termsToAdd } from "../../domain/failures/template-step.js";

export interface RecallIndex {
  /** term → ids of the templates indexed by it, in the order they were indexed. */
  postings: Map<string, string[]>;
  /** id → the template's terms, text and uses. */
  documents: Map<string, { terms: string[]; text: string; uses: TemplateUse[] }>;
  /** Terms of every template, added up (for the mean length). */
  totalTerms: number;
}

export const emptyRecallIndex = (): RecallIndex => ({ postings: new Map(), documents: new Map(), totalTerms: 0 });

/**
 * Indexes one message's template as learned (the rule Redis's template step decides by too: template-step.ts):
 * its text when it changed or is new to the index, the message's terms it lacks while it has room, and the use.
 */
export function indexTemplate(index: RecallIndex, id: string, text: string, terms: readonly string[], use: UseReport | null): void {
  let doc = index.documents.get(id);
  if (!doc) {
    doc = { terms: [], text, uses: [] };
    index.documents.set(id, doc);
  }
  doc.text = text;
  for (const term of termsToAdd(doc.terms, terms, MAX_TERMS_PER_TEMPLATE)) {
    doc.terms.push(term);
    index.totalTerms += 1;
    const ids = index.postings.get(term);
    if (ids) ids.push(id);
    else index.postings.set(term, [id]);
  }
  if (use) doc.uses = countUse(doc.uses, use);
}

/** Drops a forgotten template from the index. */
export function unindexTemplate(index: RecallIndex, id: string): void {
  const doc = index.documents.get(id);
  if (!doc) return;
  for (const term of doc.terms) {
    const left = (index.postings.get(term) ?? []).filter((other) => other !== id);
    if (left.length > 0) index.postings.set(term, left);
    else index.postings.delete(term);
  }
  index.totalTerms -= doc.terms.length;
  index.documents.delete(id);
}

/** The query's matches, best first (domain/recall/ranking.ts), one per wanted use, at most `query.limit`. */
export function recallFrom(index: RecallIndex, query: TemplateQuery, known: string | null): RecalledTemplate[] {
  const templates = index.documents.size;
  const ranked = rankTemplates(
    {
      templates,
      meanLength: templates === 0 ? 0 : index.totalTerms / templates,
      postings: (term) => index.postings.get(term) ?? [],
      length: (id) => index.documents.get(id)?.terms.length ?? 0,
    },
    query.terms,
    known !== null && index.documents.has(known) ? known : null,
  );
  return recalledFrom(ranked, (id) => index.documents.get(id) ?? null, query);
}
