// The shared-tool-knowledge use cases: list a tenant's tools, read one, its fixes and guidance, forget one.
import { notFound } from "../../errors.js";
import { encodePrefixCursor } from "../activity/cursor.js";
import { prefixCursorOf, refuseCursor } from "../activity/listing-cursors.js";
import type { ListingParams } from "../activity/service.js";
import type { SharedToolStore } from "./store.js";
import { fixText, withFixText } from "../tools/fix-text.js";
import { formatSharedErrorGuidance } from "./prompt.js";
import type { SharedFix, SharedToolKnowledge } from "./types.js";
import type { ToolArguments } from "../tools/types.js";
import type { FixRanking } from "./efficacy.js";
import { fixesFor } from "./knowledge.js";
import { RedactionTally, type Redactor } from "../redaction/redactor.js";

export interface ToolKnowledgeServiceDeps {
  store: Pick<SharedToolStore, "listSharedTools" | "listSharedToolsByPrefix" | "sharedToolKnowledge" | "forgetSharedTool">;
  /** Fixes were learned from redacted arguments, so failing arguments are redacted the same way before they are compared. */
  redactor: Redactor;
  /** The ranking the store offers fixes by (FIX_RANKING), so that a fix is listed for arguments as it would be offered. */
  ranking?: FixRanking;
}

export function createSharedToolService({ store, redactor, ranking = "wilson" }: ToolKnowledgeServiceDeps) {
  async function knowledgeOf(tenant: string, toolName: string): Promise<SharedToolKnowledge> {
    const [knowledge] = await store.sharedToolKnowledge(tenant, [toolName]);
    if (!knowledge) throw notFound(`No session of this tenant has called tool '${toolName}'.`);
    return knowledge;
  }

  return {
    /** Most calls first in one page; with a prefix, the matching tools in name order, a page at a time. */
    async list(tenant: string, { limit, cursor, prefix }: ListingParams) {
      if (prefix === undefined) {
        refuseCursor(cursor);
        return { tools: await store.listSharedTools(tenant, limit) };
      }
      const page = await store.listSharedToolsByPrefix(tenant, prefix, limit, prefixCursorOf(cursor, prefix));
      return { tools: page.items, next_cursor: page.next === null ? null : encodePrefixCursor(page.next) };
    },

    /** The knowledge of one tool, each fix (and each error type's best) with its text. */
    async knowledge(tenant: string, toolName: string) {
      const knowledge = await knowledgeOf(tenant, toolName);
      const errorPatterns = knowledge.error_patterns.map((ep) => ({
        ...ep,
        fix_text: ep.fix_delta === null ? null : fixText(ep.fix_delta),
        fixes: ep.fixes.map(withFixText),
      }));
      return { ...knowledge, error_patterns: errorPatterns };
    },

    /**
     * The best offerable fix of an error type and the other offerable ones, best first, with their efficacy;
     * given the failing call's arguments, only those that would be offered to it (knowledge.ts: fixesFor).
     */
    async fix(tenant: string, toolName: string, errorType: string, failing: ToolArguments | null = null) {
      const [knowledge] = await store.sharedToolKnowledge(tenant, [toolName]);
      const fixes = knowledge?.error_patterns.find((ep) => ep.error_type === errorType)?.fixes ?? [];
      // Served knowledge ranks offerable fixes first; a retired fix is never handed out as one to try.
      // Nothing of these arguments is kept or counted: the tally only lets the redactor run as on a write.
      const compared = failing === null ? null : redactor.value(failing, new RedactionTally());
      const [typical, ...others] = compared === null ? fixes.filter((fix) => !fix.efficacy.retired) : fixesFor(fixes, compared, ranking);
      if (!typical) {
        const applying = failing === null ? "" : " that applies to these arguments";
        throw notFound(`No fix is known${applying} for '${errorType}' errors of tool '${toolName}' in any session.`);
      }
      const summary = ({ fix_delta, typical_fix, times_applied, efficacy }: SharedFix) => withFixText({ fix_delta, typical_fix, times_applied, efficacy });
      return { tool_name: toolName, error_type: errorType, ...summary(typical), alternatives: others.map(summary) };
    },

    async guidance(tenant: string, toolName: string, errorType: string): Promise<string> {
      return formatSharedErrorGuidance(await knowledgeOf(tenant, toolName), errorType);
    },

    forget(tenant: string, toolName: string): Promise<void> {
      return store.forgetSharedTool(tenant, toolName);
    },
  };
}

export type SharedToolService = ReturnType<typeof createSharedToolService>;
