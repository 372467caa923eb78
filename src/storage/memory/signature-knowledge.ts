// Embedded signature knowledge: each tenant's failure signatures across tasks, and the fixes that worked for them.
import {
  addEfficacySums,
  efficacyOf,
  emptyEfficacySums,
  type ResolvedContribution,
  type SignatureEfficacySums,
} from "../../domain/lessons/efficacy.js";
import { planRelink, signaturesToRead, type ResolutionLinkChange, type TaskLinksRead, type TaskUnderSignature } from "../../domain/lessons/resolution-links.js";
import { normaliseMessage } from "../../domain/lessons/signature.js";
import type { KnownFix, Lesson, Resolution, TenantSignature } from "../../domain/lessons/types.js";
import { KNOWN_FIXES_PER_SIGNATURE, type LessonStore, type ResolutionChange, type SignatureKnowledgeStore } from "../../domain/lessons/store.js";
import type { StoreLimits } from "../port.js";
import type { TaskRef } from "../../domain/refs.js";
import type { MemoryActivity } from "./activity.js";
import { ExpiringMap } from "./expiring-map.js";
import { createIdempotencyRecords } from "./idempotency.js";

/** A signature's counts, renewed by captures (as on Redis, apart from its links). */
interface SignatureState {
  info: Pick<TenantSignature, "error_type" | "category" | "normalized_message" | "template">;
  occurrences: number;
  /** Exact here; Redis keeps a HyperLogLog instead. */
  tasks: Set<string>;
}

/** A signature's offers and their outcomes, as Redis keeps them in one hash (efficacy:<signature>). */
interface EfficacyState {
  /** Task id → the attempt of its first capture that was answered known fixes. */
  offers: Map<string, number>;
  /** Task id → what its current resolution adds to the sums. */
  resolved: Map<string, ResolvedContribution>;
  sums: SignatureEfficacySums;
}

const linkChange = (change: ResolutionChange, resolution: Resolution | null): ResolutionLinkChange => ({ ...change, resolution });

const newEfficacy = (): EfficacyState => ({ offers: new Map(), resolved: new Map(), sums: emptyEfficacySums() });

const scoped = (tenant: string, id: string) => `${tenant}\u0000${id}`;
const newestFirst = (a: KnownFix, b: KnownFix) => (a.resolved_at === b.resolved_at ? (a.task_id < b.task_id ? 1 : -1) : a.resolved_at < b.resolved_at ? 1 : -1);

export function createMemorySignatureStore(
  limits: Pick<StoreLimits, "lessonsTtlSeconds" | "idempotencyTtlSeconds">,
  now: () => number,
  lessons: Pick<LessonStore, "setResolution" | "deleteResolution" | "taskSnapshot"> & { appendNow(task: TaskRef, lesson: Lesson, template?: string): void },
  activity: Pick<MemoryActivity, "lessonCaptured" | "taskResolved" | "touched">,
): SignatureKnowledgeStore & { sweep(): void } {
  const ttlMs = limits.lessonsTtlSeconds * 1000;
  const signatures = new ExpiringMap<SignatureState>(ttlMs, now);
  /** Per signature, what worked in each resolved task; renewed by the resolutions that link it. */
  const fixesOf = new ExpiringMap<Map<string, KnownFix>>(ttlMs, now);
  /** Per signature, renewed by captures and by resolutions that link it, as its Redis hash is. */
  const efficacy = new ExpiringMap<EfficacyState>(ttlMs, now);
  const taskLinks = new ExpiringMap<{ version: number; signatures: string[] }>(ttlMs, now);
  /** A keyed capture keeps what its replay needs besides the request itself: the lesson's id and time. */
  const idempotencyRecords = createIdempotencyRecords<Pick<Lesson, "lesson_id" | "timestamp">>(limits.idempotencyTtlSeconds, now);
  /** Signatures per tenant, for listings; pruned of expired ones as they are read. */
  const byTenant = new Map<string, Set<string>>();

  function knownFixesOf(tenant: string, signature: string): KnownFix[] {
    const fixes = fixesOf.get(scoped(tenant, signature));
    return fixes ? [...fixes.values()].sort(newestFirst).slice(0, KNOWN_FIXES_PER_SIGNATURE) : [];
  }

  /** The task's links and its records under the signatures they, or the change, name: what planRelink decides on. */
  function readLinks(tenant: string, taskId: string, change: ResolutionLinkChange): TaskLinksRead {
    const links = taskLinks.get(scoped(tenant, taskId));
    const records = new Map<string, TaskUnderSignature>();
    for (const signature of new Set([...(links?.signatures ?? []), ...signaturesToRead(change)])) {
      const state = efficacy.get(scoped(tenant, signature));
      records.set(signature, { offeredAttempt: state?.offers.get(taskId), contribution: state?.resolved.get(taskId) });
    }
    return { version: links?.version ?? 0, signatures: links?.signatures ?? [], records };
  }

  /** Replaces the task's links as planRelink decides; false when a change as new was applied already. */
  function link(tenant: string, taskId: string, change: ResolutionChange, resolution: Resolution | null): boolean {
    const relink = linkChange(change, resolution);
    const plan = planRelink(readLinks(tenant, taskId, relink), relink);
    if (!plan) return false;
    for (const signature of plan.unlinked) fixesOf.get(scoped(tenant, signature))?.delete(taskId);
    if (resolution) {
      const fix = { task_id: taskId, approach: resolution.approach, resolved_at: resolution.resolved_at };
      for (const signature of plan.linked) fixesOf.upsert(scoped(tenant, signature), () => new Map()).set(taskId, { ...fix });
    }
    for (const [signature, contribution] of plan.contributions) {
      // A linked signature's efficacy is renewed; taking a contribution back changes the sums, not the entry's life (HINCRBY keeps a TTL).
      const state = plan.linked.includes(signature) ? efficacy.upsert(scoped(tenant, signature), newEfficacy) : efficacy.get(scoped(tenant, signature));
      if (!state) continue;
      addEfficacySums(state.sums, plan.deltas.get(signature) ?? emptyEfficacySums());
      if (contribution) state.resolved.set(taskId, contribution);
      else state.resolved.delete(taskId);
    }
    taskLinks.set(scoped(tenant, taskId), { version: change.version, signatures: plan.linked });
    return true;
  }

  /** Keeps the first offer of fixes for the signature to the task; any capture renews the signature's efficacy. */
  function countOffer(task: TaskRef, lesson: Lesson, offered: boolean): void {
    const key = scoped(task.tenant, lesson.signature);
    if (!offered && !efficacy.get(key)) return;
    const state = efficacy.upsert(key, newEfficacy);
    if (offered && !state.offers.has(task.taskId)) {
      state.offers.set(task.taskId, lesson.attempt_number);
      state.sums.tasks_offered += 1;
    }
  }

  /** The live signatures of the tenant, pruning the expired ones from its set. */
  function liveSignatures(tenant: string): Array<[string, SignatureState]> {
    const live: Array<[string, SignatureState]> = [];
    for (const signature of byTenant.get(tenant) ?? []) {
      const state = signatures.get(scoped(tenant, signature));
      if (state) live.push([signature, state]);
      else byTenant.get(tenant)!.delete(signature);
    }
    return live;
  }

  const sumsOf = (tenant: string, signature: string) => efficacy.get(scoped(tenant, signature))?.sums ?? emptyEfficacySums();

  return {
    sweep() {
      signatures.sweep();
      fixesOf.sweep();
      efficacy.sweep();
      taskLinks.sweep();
      idempotencyRecords.sweep();
    },

    async captureLesson(task, lesson, idempotencyKey, template) {
      const knownFixes = () => structuredClone(knownFixesOf(task.tenant, lesson.signature));
      return idempotencyRecords.once(
        `${scoped(task.tenant, task.taskId)}\u0000task`,
        idempotencyKey,
        () => {
          lessons.appendNow(task, lesson, template);
          const normalized_message = normaliseMessage(lesson.error_message);
          const state = signatures.upsert(scoped(task.tenant, lesson.signature), () => ({
            info: { error_type: lesson.error_type, category: lesson.category, normalized_message, template: null },
            occurrences: 0,
            tasks: new Set(),
          }));
          state.info = { error_type: lesson.error_type, category: lesson.category, normalized_message, template: template || state.info.template };
          state.occurrences += 1;
          state.tasks.add(task.taskId);
          let known = byTenant.get(task.tenant);
          if (!known) byTenant.set(task.tenant, (known = new Set()));
          known.add(lesson.signature);
          activity.lessonCaptured(task, lesson);
          // The offer is what this capture answers, so it is counted with the capture, once per write key.
          const answered = knownFixes();
          countOffer(task, lesson, answered.length > 0);
          return { value: { lesson, knownFixes: answered }, kept: { lesson_id: lesson.lesson_id, timestamp: lesson.timestamp } };
        },
        (kept) => ({ lesson: { ...lesson, ...kept }, knownFixes: knownFixes() }),
      );
    },

    async resolveTask(task, input) {
      const { resolution, replaced, ...change } = await lessons.setResolution(task, input);
      if (link(task.tenant, task.taskId, change, resolution)) activity.taskResolved(task, resolution);
      return { resolution, replaced };
    },

    async unresolveTask(task) {
      const { removed, ...change } = await lessons.deleteResolution(task);
      if (link(task.tenant, task.taskId, change, null)) activity.touched(task);
      return removed;
    },

    async knownFixes(tenant, wanted) {
      const found = new Map<string, KnownFix[]>();
      for (const signature of wanted) {
        const fixes = knownFixesOf(tenant, signature);
        if (fixes.length > 0) found.set(signature, structuredClone(fixes));
      }
      return found;
    },

    async taskWithKnownFixes(task, newest) {
      const snapshot = await lessons.taskSnapshot(task, newest);
      const knownFixes = new Map<string, KnownFix[]>();
      for (const signature of new Set(snapshot.lessons.map((lesson) => lesson.signature))) {
        const fixes = knownFixesOf(task.tenant, signature);
        if (fixes.length > 0) knownFixes.set(signature, structuredClone(fixes));
      }
      return { ...snapshot, knownFixes };
    },

    async listTenantSignatures(tenant, limit) {
      const listed: TenantSignature[] = [];
      for (const [signature, state] of liveSignatures(tenant)) {
        listed.push({
          signature,
          ...state.info,
          occurrences: state.occurrences,
          tasks: state.tasks.size,
          resolved_tasks: fixesOf.get(scoped(tenant, signature))?.size ?? 0,
          latest_known_fix: knownFixesOf(tenant, signature)[0] ?? null,
          efficacy: efficacyOf(sumsOf(tenant, signature)),
        });
      }
      // As the Redis sorted set orders them: most occurrences first, ties by signature.
      listed.sort((a, b) => b.occurrences - a.occurrences || (a.signature < b.signature ? -1 : 1));
      return structuredClone(listed.slice(0, limit));
    },

    async signatureEfficacyTotals(tenant) {
      return liveSignatures(tenant).reduce((total, [signature]) => addEfficacySums(total, sumsOf(tenant, signature)), emptyEfficacySums());
    },
  };
}
