// The one context block for a fresh session: what worked, the task's lessons, the session's and the tenant's tool memory, within a token budget.
import type { Store } from "../../storage/port.js";
import type { SessionRef, TaskRef } from "../refs.js";
import { groupBlock, groupLessons } from "../lessons/prompt.js";
import type { KnownFix } from "../lessons/types.js";
import { formatSharedToolSection } from "../shared-tools/prompt.js";
import { formatToolSection, wrapProceduralMemory, type ToolContextOptions } from "../tools/prompt-context.js";
import { fitToBudget, type FittedContext, type SectionDraft } from "./budget.js";
import { TOKEN_ENCODING, tokenCounter } from "./tokens.js";

export interface ContextRequest {
  task_id?: string | undefined;
  session_id?: string | undefined;
  tools?: string[] | undefined;
  max_tokens: number;
}

export interface ContextBlock extends FittedContext {
  max_tokens: number;
  encoding: string;
}

export interface ContextServiceDeps {
  store: Pick<Store, "taskWithKnownFixes" | "toolContexts" | "sharedToolKnowledge">;
}

// The session prompt's defaults: three recent calls, error patterns and success hints per tool. The block is
// the service's own, so a call that reported no result shows none and fixes read in full.
const FORMAT: ToolContextOptions = { maxErrorPatterns: 3, maxSuccessPatterns: 3, includeArgs: false, includeTiming: false, compact: false, readable: true };
const RECENT_CALLS = 3;

/** Indexes of `items` sorted by a timestamp, the oldest first. */
const oldestFirst = (stamps: readonly string[]) => [...stamps.keys()].sort((a, b) => (stamps[a]! < stamps[b]! ? -1 : stamps[a]! > stamps[b]! ? 1 : 0));

export function createContextService({ store }: ContextServiceDeps) {
  return {
    /**
     * Reads the task with its known fixes, the session, and the tenant's knowledge of the named
     * tools all at once (the tools the session used, when none are named, right after), and fits
     * the block to the budget.
     */
    async build(tenant: string, request: ContextRequest): Promise<ContextBlock> {
      const task: TaskRef | null = request.task_id ? { tenant, taskId: request.task_id } : null;
      const session: SessionRef | null = request.session_id ? { tenant, sessionId: request.session_id } : null;
      const asked = request.tools && request.tools.length > 0 ? request.tools : null;
      const [snapshot, contexts, sharedAsked] = await Promise.all([
        task ? store.taskWithKnownFixes(task) : null,
        session ? store.toolContexts(session, request.tools ?? null, RECENT_CALLS) : [],
        asked ? store.sharedToolKnowledge(tenant, asked) : null,
      ]);
      // Without named tools, the session's own tools are known only now.
      const toolNames = contexts.map((context) => context.pattern.tool_name);
      const shared = sharedAsked ?? (toolNames.length > 0 ? await store.sharedToolKnowledge(tenant, toolNames) : []);
      const groups = snapshot ? groupLessons(snapshot.lessons, snapshot.signatures).reverse() : [];
      const known = snapshot?.knownFixes ?? new Map<string, KnownFix[]>();

      // 1. What worked: the task's own resolution, then fixes other tasks found for its failures.
      const worked: string[] = [];
      const workedStamps: string[] = [];
      if (snapshot?.resolution) {
        worked.push(`Attempt #${snapshot.resolution.attempt_number} succeeded: ${snapshot.resolution.approach}`);
        workedStamps.push(snapshot.resolution.resolved_at);
      }
      for (const group of groups) {
        const fix = known.get(group.latest.signature)?.find((candidate) => candidate.task_id !== request.task_id);
        if (!fix) continue;
        worked.push(`Known fix for ${group.latest.error_type} (worked in task ${fix.task_id}): ${fix.approach}`);
        workedStamps.push(fix.resolved_at);
      }

      // 3 and 4. The session's memory of each tool, then what the tenant knows that the session does not.
      const sharedSections = shared.flatMap((knowledge) => {
        const own = contexts.find((context) => context.pattern.tool_name === knowledge.tool_name)?.pattern ?? null;
        const section = formatSharedToolSection(knowledge, own, FORMAT);
        return section === null ? [] : [{ section, stamp: knowledge.last_used_at }];
      });

      const drafts: SectionDraft[] = [
        {
          name: "what_worked",
          items: worked,
          // Known fixes go oldest first; the task's own resolution (item 0, when there is one) goes last.
          dropOrder: snapshot?.resolution ? [...oldestFirst(workedStamps.slice(1)).map((i) => i + 1), 0] : oldestFirst(workedStamps),
          render: (items) => ["## WHAT WORKED", ...items].join("\n"),
        },
        {
          // 2. Each distinct failure once, the most recent first.
          name: "lessons",
          items: groups.map((group) => groupBlock(group)),
          dropOrder: [...groups.keys()].reverse(),
          render: (items) => ["## LEARNINGS FROM PREVIOUS ATTEMPTS", ...items].join("\n\n"),
        },
        {
          name: "procedural_memory",
          items: contexts.map((context) => formatToolSection(context, FORMAT)),
          dropOrder: oldestFirst(contexts.map((context) => context.pattern.updated_at)),
          render: wrapProceduralMemory,
        },
        {
          name: "shared_tool_knowledge",
          items: sharedSections.map(({ section }) => section),
          dropOrder: oldestFirst(sharedSections.map(({ stamp }) => stamp)),
          render: (items) => items.join("\n\n"),
        },
      ];
      const fitted = fitToBudget(drafts, request.max_tokens, await tokenCounter());
      return { ...fitted, max_tokens: request.max_tokens, encoding: TOKEN_ENCODING };
    },
  };
}

export type ContextService = ReturnType<typeof createContextService>;
