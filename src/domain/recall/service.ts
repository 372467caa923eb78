// "Have we seen this failure?": a free-text query ranked against the tenant's failure templates, each match with what is known of it.
import { KEPT_MESSAGE_CHARS, prepareMessage } from "../failures/templates.js";
import { templateSignature } from "../lessons/signature.js";
import type { KnownFix } from "../lessons/types.js";
import { RedactionTally, type Redactor } from "../redaction/redactor.js";
import type { SharedToolKnowledge } from "../shared-tools/types.js";
import { truncateText } from "../text/text-format.js";
import { withFixText } from "../tools/fix-text.js";
import type { Store } from "../../storage/port.js";
import type { QueryPlacement, RecalledTemplate, TemplateUse } from "./ranking.js";
import { MAX_QUERY_TERMS, termsOf } from "./terms.js";

export interface RecallQueryInput {
  q: string;
  kind?: "lessons" | "tools" | "all" | undefined;
  tool?: string | undefined;
  error_type?: string | undefined;
  limit: number;
}

export interface RecallServiceDeps {
  store: Pick<Store, "recallTemplates" | "knownFixes" | "sharedToolKnowledge">;
  /** Templates were learned from redacted messages, so a query is redacted the same way before it is placed. */
  redactor: Redactor;
}

const KINDS = { lessons: "lesson", tools: "tool", all: null } as const;

/**
 * The readings of a query to place, in turn: as a failure's message is kept (its first 500 characters), so the query
 * meets the template its failure got; then its first line alone, so that a pasted trace, an error with its stack
 * under it, meets the template of the error that heads it.
 */
export function placementsOf(text: string): QueryPlacement[] {
  const kept = truncateText(text, KEPT_MESSAGE_CHARS, "");
  const readings = [kept];
  const firstLine = kept.trimStart().split("\n", 1)[0]!.trim();
  if (firstLine !== "" && firstLine !== kept.trim()) readings.push(firstLine);
  return readings.map((reading) => {
    const { bucket, tokens } = prepareMessage(reading);
    return { bucket, tokens };
  });
}

export function createRecallService({ store, redactor }: RecallServiceDeps) {
  /** The best applicable fix a tool's knowledge serves for an error type: the first offerable one, with its text. */
  function bestFix(knowledge: SharedToolKnowledge | undefined, errorType: string) {
    const fix = knowledge?.error_patterns.find((ep) => ep.error_type === errorType)?.fixes.find((candidate) => !candidate.efficacy.retired);
    if (!fix) return null;
    return withFixText({ fix_delta: fix.fix_delta, typical_fix: fix.typical_fix, times_applied: fix.times_applied, efficacy: fix.efficacy });
  }

  const resolutionOf = (fix: KnownFix | undefined) => (fix ? { task_id: fix.task_id, approach: fix.approach, resolved_at: fix.resolved_at } : null);

  return {
    /**
     * The tenant's failures most like the text, best first: the template the text would be placed in first, then by
     * BM25 over the templates' terms. Each lesson match carries its tasks and the latest resolution of its signature;
     * each tool match its sessions and the tool's best offerable fix for the error type. Nothing matched: no matches.
     */
    async recall(tenant: string, input: RecallQueryInput) {
      const text = redactor.text(input.q, new RedactionTally());
      const found = await store.recallTemplates(tenant, {
        placements: placementsOf(text),
        terms: termsOf(text, MAX_QUERY_TERMS),
        kind: KINDS[input.kind ?? "all"],
        tool: input.tool ?? null,
        error_type: input.error_type ?? null,
        limit: input.limit,
      });
      const signatureOf = (match: RecalledTemplate) => templateSignature(match.use.error_type, match.id);
      const lessonSignatures = found.filter((match) => match.use.kind === "lesson").map(signatureOf);
      const tools = [...new Set(found.filter((match) => match.use.kind === "tool").map((match) => match.use.tool))];
      const [fixes, knowledge] = await Promise.all([
        lessonSignatures.length > 0 ? store.knownFixes(tenant, lessonSignatures) : new Map<string, KnownFix[]>(),
        tools.length > 0 ? store.sharedToolKnowledge(tenant, tools) : [],
      ]);
      const knowledgeOf = new Map(knowledge.map((entry) => [entry.tool_name, entry]));
      const matches = found.map((match) => {
        const use: TemplateUse = match.use;
        const signature = signatureOf(match);
        const lesson = use.kind === "lesson";
        return {
          kind: use.kind,
          signature,
          template: match.template,
          error_type: use.error_type,
          tool_name: lesson ? null : use.tool,
          score: match.score,
          why: { same_template: match.same_template, terms: match.terms },
          occurrences: use.count,
          last_seen: new Date(use.last_seen).toISOString(),
          task_ids: lesson ? use.refs : [],
          session_ids: lesson ? [] : use.refs,
          resolution: lesson ? resolutionOf(fixes.get(signature)?.[0]) : null,
          fix: lesson ? null : bestFix(knowledgeOf.get(use.tool), use.error_type),
        };
      });
      return { matches };
    },
  };
}

export type RecallService = ReturnType<typeof createRecallService>;
