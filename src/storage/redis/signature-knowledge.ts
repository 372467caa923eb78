// Redis signature knowledge: each task's write, then the tenant's (cross-slot-write.ts); a signed capture in one script on a single server; reads take one round trip.
import { efficacyOf, efficacySumsFrom, SUM_FIELDS } from "../../domain/lessons/efficacy.js";
import { planRelink, signaturesToRead, type TaskLinksRead } from "../../domain/lessons/resolution-links.js";
import { normaliseMessage, templateSignature } from "../../domain/lessons/signature.js";
import type { KnownFix, Lesson, Resolution, TenantSignature } from "../../domain/lessons/types.js";
import type { SignedFailureStore } from "../../domain/failures/store.js";
import type { KeyedWrite, IdempotencyKey } from "../../domain/idempotency.js";
import {
  KNOWN_FIXES_PER_SIGNATURE,
  SIGNATURES_LISTED_PER_TASK,
  type CapturedLesson,
  type LessonStore,
  type ResolutionChange,
  type SignatureKnowledgeStore,
} from "../../domain/lessons/store.js";
import type { StoreLimits } from "../port.js";
import type { TaskRef } from "../../domain/refs.js";
import { scopedWriteId, writeLocalAndTenant, writeLocalThenTenant, tenantIdempotencyRecord } from "./cross-slot-write.js";
import { captureSignedInTwoSteps } from "../signed-capture.js";
import { templateMessageOf, type RedisTemplateBuckets, type StepAnswer } from "./template-buckets.js";
import { appendKeyedLesson, appendLessonInput } from "./lessons.js";
import { pauseAfterRefusal } from "./refusal-pause.js";
import { named, scriptInput } from "./named-keys.js";
import type { AppendAnswer, CountAnswer, ScriptedRedis } from "./script-commands.js";
import { guarded } from "./errors.js";
import type { ActivityBatches } from "./activity-batches.js";
import { asArray } from "./pattern-state.js";
import { recordOf, recordText, sumsAsText, type RecordFields } from "./resolution-records.js";
import type { Keys } from "./keys.js";

type Limits = Pick<StoreLimits, "maxLessonsPerTask" | "lessonsTtlSeconds" | "idempotencyTtlSeconds" | "eventsMaxPerTenant" | "eventsTtlSeconds">;

function knownFix(taskId: string, doc: string): KnownFix {
  const { approach, resolved_at } = JSON.parse(doc) as { approach: string; resolved_at: string };
  return { task_id: taskId, approach, resolved_at };
}

/** What readKnownFixes-1.lua and readTaskKnownFixes-1.lua answer (cjson writes an empty list as an object). */
interface KnownFixesAnswer {
  signatures: Array<{ signature: string; fixes: KnownFixEntry[] | Record<string, never> }> | Record<string, never>;
}
type KnownFixEntry = { task_id: string; fix: string };

/** Per signature, its fixes; signatures without any are kept, empty. */
function knownFixesBySignature(answer: string): Map<string, KnownFix[]> {
  const { signatures } = JSON.parse(answer) as KnownFixesAnswer;
  return new Map(asArray(signatures).map(({ signature, fixes }) => [signature, knownFixesOfEntries(asArray(fixes))]));
}

const knownFixesOfEntries = (entries: KnownFixEntry[]): KnownFix[] => entries.map(({ task_id, fix }) => knownFix(task_id, fix));

/** What readResolutionLinks-1.lua answers. */
interface LinksAnswer {
  version?: string;
  /** JSON: the signatures linked. */
  signatures?: string;
  records: Record<string, RecordFields>;
}

/** What listSignatures-1.lua answers. */
interface SignaturesAnswer {
  signatures: Array<{
    signature: string;
    info: string;
    occurrences: number;
    tasks: number;
    resolved_tasks: number;
    latest_task?: string;
    latest_fix?: string;
    /** A sum never counted is absent. */
    sums: Partial<Record<(typeof SUM_FIELDS)[number], string>>;
  }> | Record<string, never>;
}

const withoutEmpty = (known: Map<string, KnownFix[]>) => new Map([...known].filter(([, fixes]) => fixes.length > 0));

/** The known fixes lib/count-signature.lua answered (cjson writes an empty list as an object). */
const knownFixesIn = ({ known }: CountAnswer): KnownFix[] => knownFixesOfEntries(asArray(known));

/** captureSignedLesson-18.lua's answer. */
interface SignedLessonAnswer {
  template: StepAnswer;
  lesson?: AppendAnswer;
  count?: CountAnswer;
}

/** lib/count-signature.lua's input: one lesson under its signature, tenant-wide, by name. */
interface CountInput {
  keys: string[];
  signature: string;
  task: string;
  error_type: string;
  category: string;
  normalized_message: string;
  known_read: number;
  record_ttl: number;
  ttl: number;
  prefix: string;
  at_ms: string;
  events_kept: number;
  events_ttl: number;
  signatures_per_task: number;
  attempt: string;
  template: string;
}

export function createRedisSignatureStore(
  redis: ScriptedRedis,
  keys: Keys,
  limits: Limits,
  lessons: Pick<LessonStore, "setResolution" | "deleteResolution" | "taskSnapshot">,
  templates: Pick<RedisTemplateBuckets, "learn" | "runStep">,
  activity: Pick<ActivityBatches, "addLesson">,
): SignatureKnowledgeStore & Pick<SignedFailureStore, "captureSignedLesson"> {
  async function knownFixes(tenant: string, signatures: readonly string[]): Promise<Map<string, KnownFix[]>> {
    if (signatures.length === 0) return new Map();
    const shared = keys.shared(tenant);
    return withoutEmpty(knownFixesBySignature(await guarded(() => redis.readKnownFixes(shared.signatures, scriptInput({ prefix: shared.prefix, per_signature: KNOWN_FIXES_PER_SIGNATURE, signatures })))));
  }

  /** The task's links, and its records under every signature they or `also` name: one read-only script. */
  async function readLinks(task: TaskRef, also: readonly string[]): Promise<TaskLinksRead & { raw: Map<string, RecordFields> }> {
    const shared = keys.shared(task.tenant);
    const input = { prefix: shared.prefix, task: task.taskId, signatures: also };
    const read = JSON.parse(await guarded(() => redis.readResolutionLinks(shared.taskLinks(task.taskId), scriptInput(input)))) as LinksAnswer;
    const raw = new Map(Object.entries(read.records));
    const records = new Map([...raw].map(([signature, record]) => [signature, recordOf(record)]));
    return { version: Number(read.version ?? 0), signatures: read.signatures ? (JSON.parse(read.signatures) as string[]) : [], records, raw };
  }

  /** Links (or, with no resolution, unlinks) the task's signatures as planRelink decides; older versions are ignored. */
  async function link(task: TaskRef, change: ResolutionChange, resolution: Resolution | null): Promise<void> {
    const shared = keys.shared(task.tenant);
    const linkChange = { ...change, resolution };
    // A capture that offers the task a fix, or another change of its links, may land between the read and the write:
    // the write is refused then, and decided again on what it meets.
    for (let tries = 1; ; tries += 1) {
      const read = await readLinks(task, signaturesToRead(linkChange));
      const plan = planRelink(read, linkChange);
      if (!plan) return;
      const input = {
        task: task.taskId,
        prefix: shared.prefix,
        version: change.version,
        read_version: read.version,
        expected: Object.fromEntries(read.raw),
        unlinked: plan.unlinked,
        linked: plan.linked,
        fix: resolution ? JSON.stringify({ approach: resolution.approach, resolved_at: resolution.resolved_at }) : "",
        records: Object.fromEntries([...plan.contributions].map(([signature, contribution]) => [signature, contribution ? recordText(contribution) : ""])),
        deltas: Object.fromEntries([...plan.deltas].map(([signature, delta]) => [signature, sumsAsText(delta)])),
        at_ms: String(resolution ? Date.parse(resolution.resolved_at) : Date.now()),
        ttl: limits.lessonsTtlSeconds,
        events_kept: limits.eventsMaxPerTenant,
        events_ttl: limits.eventsTtlSeconds,
        event: resolution ? JSON.stringify(resolution) : "",
      };
      const { outcome } = JSON.parse(await guarded(() => redis.relinkResolution(shared.taskLinks(task.taskId), scriptInput(input)))) as { outcome: "applied" | "stale" | "conflict" };
      if (outcome !== "conflict") return;
      await pauseAfterRefusal(tries, "a task's links");
    }
  }

  /** The tenant's idempotency record of a lesson's capture, and how long it is kept (0: none). */
  const lessonRecord = (task: TaskRef, idempotencyKey: IdempotencyKey | null) =>
    tenantIdempotencyRecord(keys.shared(task.tenant).applied, idempotencyKey && scopedWriteId(`lesson:${task.taskId}`, idempotencyKey.key), limits.idempotencyTtlSeconds);

  /** countSignature-4.lua's keys and input for one lesson under its signature. */
  function countSignatureInput(task: TaskRef, lesson: Lesson, idempotencyKey: IdempotencyKey | null, normalisedMessage: string, template: string): { keys: string[]; input: CountInput } {
    const shared = keys.shared(task.tenant);
    const [recordKey, recordTtl] = lessonRecord(task, idempotencyKey);
    const s = lesson.signature;
    const signatureKeys = named({
      signature: shared.signature(s),
      tasks: shared.signatureTasks(s),
      signatures: shared.signatures,
      record: recordKey,
    });
    return {
      keys: signatureKeys.keys,
      input: {
        keys: signatureKeys.names,
        signature: s,
        task: task.taskId,
        error_type: lesson.error_type,
        category: lesson.category,
        normalized_message: normalisedMessage,
        known_read: KNOWN_FIXES_PER_SIGNATURE,
        record_ttl: recordTtl,
        ttl: limits.lessonsTtlSeconds,
        prefix: shared.prefix,
        at_ms: String(Date.parse(lesson.timestamp)),
        events_kept: limits.eventsMaxPerTenant,
        events_ttl: limits.eventsTtlSeconds,
        signatures_per_task: SIGNATURES_LISTED_PER_TASK,
        attempt: String(lesson.attempt_number),
        template,
      },
    };
  }

  /** The lesson as captured, from the task script's answer and the tenant's known fixes. */
  function capturedFrom(local: AppendAnswer, lesson: Lesson, knownFixes: KnownFix[]): KeyedWrite<CapturedLesson> {
    switch (local.outcome) {
      case "applied":
        return { outcome: "applied", value: { lesson, knownFixes } };
      case "replayed":
        // The request is the first one's (same fingerprint), so only its id and time differ.
        return { outcome: "replayed", value: { lesson: { ...lesson, lesson_id: local.lesson_id, timestamp: local.timestamp }, knownFixes } };
      case "mismatch":
        return { outcome: "mismatch" };
    }
  }

  const store: SignatureKnowledgeStore & Pick<SignedFailureStore, "captureSignedLesson"> = {
    async captureLesson(task, lesson, idempotencyKey, template = "") {
      // Both scripts take these, so they are made once.
      const normalisedMessage = normaliseMessage(lesson.error_message);
      const lessonJson = JSON.stringify(lesson);
      const count = countSignatureInput(task, lesson, idempotencyKey, normalisedMessage, template);
      // The tenant's count needs nothing the task's script decides, so both go out at once.
      const { local, tenant } = await writeLocalAndTenant(
        () => appendKeyedLesson(redis, keys, limits, task, lesson, { idempotencyKey, recordTtlSeconds: limits.idempotencyTtlSeconds, normalisedMessage, lessonJson, template }),
        async () => {
          const counted = JSON.parse(await guarded(() => redis.countSignature(...count.keys, scriptInput(count.input), lessonJson))) as CountAnswer;
          // Added as soon as the tenant counted it, whatever the task's script answers.
          if (counted.applied) activity.addLesson(task.tenant, lesson);
          return counted;
        },
      );
      return capturedFrom(local, lesson, knownFixesIn(tenant));
    },

    async captureSignedLesson(task, lesson, idempotencyKey, failure) {
      const inTwoSteps = () => captureSignedInTwoSteps({ learnFailureTemplate: templates.learn, captureLesson: store.captureLesson }, task, lesson, idempotencyKey, failure);
      // A Cluster keeps the template step in the tenant's slot and the lesson in the task's: two round trips.
      if (redis.isCluster) return inTwoSteps();
      const normalisedMessage = normaliseMessage(lesson.error_message);
      const { template, rest } = await templates.runStep(task.tenant, templateMessageOf(failure), async (step) => {
        const signed: Lesson = { ...lesson, signature: templateSignature(failure.errorType, step.decision.id) };
        const lessonJson = JSON.stringify(signed);
        const options = { idempotencyKey, recordTtlSeconds: limits.idempotencyTtlSeconds, normalisedMessage, lessonJson, template: step.decision.template };
        const append = appendLessonInput(keys, limits, task, signed, options);
        const count = countSignatureInput(task, signed, idempotencyKey, normalisedMessage, step.decision.template);
        // The lesson's JSON travels once, on its own: both writes read it from there.
        const input = { template: step.input, lesson: append.input, count: count.input };
        const answer = JSON.parse(await guarded(() => redis.captureSignedLesson(...step.keys, ...append.keys, ...count.keys, scriptInput(input), lessonJson))) as SignedLessonAnswer;
        return { template: answer.template, rest: { answer, signed } };
      });
      if (template.outcome === "mismatch") return { outcome: "mismatch" };
      // A retry whose step was applied before: its template is the first write's, so the capture is made again from it.
      if (template.outcome !== "applied") return inTwoSteps();
      const { answer, signed } = rest;
      if (answer.count?.applied) activity.addLesson(task.tenant, signed);
      const captured = capturedFrom(answer.lesson!, signed, knownFixesIn(answer.count!));
      if (captured.outcome === "mismatch") return captured;
      return { outcome: captured.outcome, value: { ...captured.value, template: template.template } };
    },

    async resolveTask(task, input) {
      const { local } = await writeLocalThenTenant(
        () => lessons.setResolution(task, input),
        (change) => link(task, change, change.resolution),
      );
      return { resolution: local.resolution, replaced: local.replaced };
    },

    async unresolveTask(task) {
      const { local } = await writeLocalThenTenant(
        () => lessons.deleteResolution(task),
        (change) => link(task, change, null),
      );
      return local.removed;
    },

    knownFixes,

    async taskWithKnownFixes(task, newest) {
      const shared = keys.shared(task.tenant);
      // The tenant lists the task's signatures as it counts them, so both slots are read at once.
      const [snapshot, flat] = await Promise.all([
        lessons.taskSnapshot(task, newest),
        guarded(() => redis.readTaskKnownFixes(shared.taskSignatures(task.taskId), scriptInput({ prefix: shared.prefix, per_signature: KNOWN_FIXES_PER_SIGNATURE, signatures_read: SIGNATURES_LISTED_PER_TASK }))),
      ]);
      const known = knownFixesBySignature(flat);
      const missed = [...new Set(snapshot.lessons.map((lesson) => lesson.signature))].filter((signature) => !known.has(signature));
      if (missed.length > 0) for (const [signature, fixes] of await knownFixes(task.tenant, missed)) known.set(signature, fixes);
      return { ...snapshot, knownFixes: withoutEmpty(known) };
    },

    async listTenantSignatures(tenant, limit) {
      const shared = keys.shared(tenant);
      const answer = await guarded(() => redis.listSignatures(shared.signatures, scriptInput({ limit, prefix: shared.prefix, sum_fields: SUM_FIELDS })));
      return asArray((JSON.parse(answer) as SignaturesAnswer).signatures).map((row): TenantSignature => {
        const info = JSON.parse(row.info) as Pick<TenantSignature, "error_type" | "category" | "normalized_message"> & { template?: string };
        return {
          signature: row.signature,
          ...info,
          // Signatures first counted before templates have none.
          template: info.template ?? null,
          occurrences: row.occurrences,
          tasks: row.tasks,
          resolved_tasks: row.resolved_tasks,
          latest_known_fix: row.latest_task !== undefined && row.latest_fix !== undefined ? knownFix(row.latest_task, row.latest_fix) : null,
          efficacy: efficacyOf(efficacySumsFrom(SUM_FIELDS.map((field) => row.sums[field]))),
        };
      });
    },

    async signatureEfficacyTotals(tenant) {
      // Running totals, kept in step by countSignature and relinkResolution: one read, whatever the signatures.
      return efficacySumsFrom(await guarded(() => redis.hmget(keys.shared(tenant).efficacyTotals, ...SUM_FIELDS)));
    },
  };
  return store;
}
