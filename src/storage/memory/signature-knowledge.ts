// Embedded signature knowledge: each tenant's failure signatures across tasks, and the fixes that worked for them.
import { normaliseMessage } from "../../domain/lessons/signature.js";
import type { KnownFix, TenantSignature } from "../../domain/lessons/types.js";
import { KNOWN_FIXES_PER_SIGNATURE, type LessonStore, type SignatureKnowledgeStore, type StoreLimits } from "../port.js";
import { ExpiringMap } from "./expiring-map.js";

interface SignatureState {
  info: Pick<TenantSignature, "error_type" | "category" | "normalized_message"> | null;
  occurrences: number;
  /** Exact here; Redis keeps a HyperLogLog instead. */
  tasks: Set<string>;
  /** Per resolved task, what worked. */
  fixes: Map<string, KnownFix>;
}

const scoped = (tenant: string, id: string) => `${tenant}\u0000${id}`;
const newestFirst = (a: KnownFix, b: KnownFix) => (a.resolved_at === b.resolved_at ? (a.task_id < b.task_id ? 1 : -1) : a.resolved_at < b.resolved_at ? 1 : -1);

export function createMemorySignatureStore(
  limits: Pick<StoreLimits, "lessonsTtlSeconds" | "writeIdTtlSeconds">,
  now: () => number,
  lessons: Pick<LessonStore, "appendLesson" | "setResolution" | "deleteResolution">,
): SignatureKnowledgeStore & { sweep(): void } {
  const ttlMs = limits.lessonsTtlSeconds * 1000;
  const signatures = new ExpiringMap<SignatureState>(ttlMs, now);
  const taskLinks = new ExpiringMap<{ version: number; signatures: string[] }>(ttlMs, now);
  const appliedWrites = new ExpiringMap<true>(limits.writeIdTtlSeconds * 1000, now);
  /** Signatures per tenant, for listings; pruned of expired ones as they are read. */
  const byTenant = new Map<string, Set<string>>();

  const stateOf = (tenant: string, signature: string) =>
    signatures.upsert(scoped(tenant, signature), () => ({ info: null, occurrences: 0, tasks: new Set(), fixes: new Map() }));

  function knownFixesOf(state: SignatureState | undefined): KnownFix[] {
    return state ? [...state.fixes.values()].sort(newestFirst).slice(0, KNOWN_FIXES_PER_SIGNATURE) : [];
  }

  /** Replaces the task's links, unless a newer change was applied already. */
  function link(tenant: string, taskId: string, version: number, fix: KnownFix | null, linked: readonly string[]): void {
    const previous = taskLinks.get(scoped(tenant, taskId));
    if (previous && previous.version >= version) return;
    for (const signature of previous?.signatures ?? []) signatures.get(scoped(tenant, signature))?.fixes.delete(taskId);
    if (fix) for (const signature of linked) stateOf(tenant, signature).fixes.set(taskId, { ...fix });
    taskLinks.set(scoped(tenant, taskId), { version, signatures: fix ? [...linked] : [] });
  }

  return {
    sweep() {
      signatures.sweep();
      taskLinks.sweep();
      appliedWrites.sweep();
    },

    async captureLesson(task, lesson, writeId) {
      await lessons.appendLesson(task, lesson);
      const marker = writeId === null ? null : scoped(task.tenant, writeId);
      if (marker === null || !appliedWrites.get(marker)) {
        if (marker !== null) appliedWrites.set(marker, true);
        const state = stateOf(task.tenant, lesson.signature);
        state.info = { error_type: lesson.error_type, category: lesson.category, normalized_message: normaliseMessage(lesson.error_message) };
        state.occurrences += 1;
        state.tasks.add(task.taskId);
        let known = byTenant.get(task.tenant);
        if (!known) byTenant.set(task.tenant, (known = new Set()));
        known.add(lesson.signature);
      }
      return structuredClone(knownFixesOf(signatures.get(scoped(task.tenant, lesson.signature))));
    },

    async resolveTask(task, input) {
      const { resolution, replaced, version } = await lessons.setResolution(task, input);
      const fix = { task_id: task.taskId, approach: resolution.approach, resolved_at: resolution.resolved_at };
      link(task.tenant, task.taskId, version, fix, resolution.signatures);
      return { resolution, replaced };
    },

    async unresolveTask(task) {
      const { removed, version } = await lessons.deleteResolution(task);
      link(task.tenant, task.taskId, version, null, []);
      return removed;
    },

    async knownFixes(tenant, wanted) {
      const found = new Map<string, KnownFix[]>();
      for (const signature of wanted) {
        const fixes = knownFixesOf(signatures.get(scoped(tenant, signature)));
        if (fixes.length > 0) found.set(signature, structuredClone(fixes));
      }
      return found;
    },

    async listTenantSignatures(tenant, limit) {
      const listed: TenantSignature[] = [];
      for (const signature of byTenant.get(tenant) ?? []) {
        const state = signatures.get(scoped(tenant, signature));
        if (!state?.info) {
          if (!state) byTenant.get(tenant)!.delete(signature);
          continue;
        }
        listed.push({
          signature,
          ...state.info,
          occurrences: state.occurrences,
          tasks: state.tasks.size,
          resolved_tasks: state.fixes.size,
          latest_known_fix: knownFixesOf(state)[0] ?? null,
        });
      }
      // As the Redis sorted set orders them: most occurrences first, ties by signature.
      listed.sort((a, b) => b.occurrences - a.occurrences || (a.signature < b.signature ? -1 : 1));
      return structuredClone(listed.slice(0, limit));
    },
  };
}
