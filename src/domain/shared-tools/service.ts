// The shared-tool-knowledge use cases: list a tenant's tools, read one, its fixes and guidance, forget one.
import { notFound } from "../../errors.js";
import type { ToolKnowledgeStore } from "../../storage/port.js";
import { formatSharedErrorGuidance } from "./prompt.js";
import type { SharedFix, SharedToolKnowledge } from "./types.js";

export interface ToolKnowledgeServiceDeps {
  store: Pick<ToolKnowledgeStore, "listSharedTools" | "sharedToolKnowledge" | "forgetSharedTool">;
}

export function createToolKnowledgeService({ store }: ToolKnowledgeServiceDeps) {
  async function knowledgeOf(tenant: string, toolName: string): Promise<SharedToolKnowledge> {
    const [knowledge] = await store.sharedToolKnowledge(tenant, [toolName]);
    if (!knowledge) throw notFound(`No session of this tenant has called tool '${toolName}'.`);
    return knowledge;
  }

  return {
    async list(tenant: string, limit: number) {
      return { tools: await store.listSharedTools(tenant, limit) };
    },

    knowledge: knowledgeOf,

    /** The best offerable fix of an error type and the other offerable ones, best first, with their efficacy. */
    async fix(tenant: string, toolName: string, errorType: string) {
      const [knowledge] = await store.sharedToolKnowledge(tenant, [toolName]);
      const fixes = knowledge?.error_patterns.find((ep) => ep.error_type === errorType)?.fixes ?? [];
      // Served knowledge ranks offerable fixes first; a retired fix is never handed out as one to try.
      const [typical, ...others] = fixes.filter((fix) => !fix.efficacy.retired);
      if (!typical) throw notFound(`No fix is known for '${errorType}' errors of tool '${toolName}' in any session.`);
      const summary = ({ fix_delta, typical_fix, times_applied, efficacy }: SharedFix) => ({ fix_delta, typical_fix, times_applied, efficacy });
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

export type ToolKnowledgeService = ReturnType<typeof createToolKnowledgeService>;
