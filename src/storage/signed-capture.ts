// A failure's signature made in two steps, the template step and then the write it signs: every store but a single Redis server's one script.
import { templateSignature } from "../domain/lessons/signature.js";
import type { Lesson } from "../domain/lessons/types.js";
import type { SessionRef, TaskRef } from "../domain/refs.js";
import type { IdempotencyKey, KeyedWrite } from "../domain/idempotency.js";
import type { FailureTemplateStore, FailureToSign } from "../domain/failures/store.js";
import type { CapturedLesson, SignatureKnowledgeStore } from "../domain/lessons/store.js";
import type { RecordedToolCall, SharedToolStore } from "../domain/shared-tools/store.js";
import type { NewToolCall } from "../domain/tools/store.js";

/** The template step of a failure's write, and the signature and template it gives; a key reused for another request is refused. */
async function signFirst(
  store: Pick<FailureTemplateStore, "learnFailureTemplate">,
  tenant: string,
  failure: FailureToSign,
): Promise<{ outcome: "mismatch" } | { outcome: "signed"; signature: string; template: string }> {
  const placed = await store.learnFailureTemplate(tenant, failure.message, failure.write, { ...failure.where, error_type: failure.errorType });
  if (placed.outcome === "mismatch") return placed;
  return { outcome: "signed", signature: templateSignature(failure.errorType, placed.value.templateId), template: placed.value.template };
}

/** captureSignedLesson (domain/failures/store.ts) as two writes: the message's template step, then captureLesson with the signature it makes. */
export async function captureSignedInTwoSteps(
  store: Pick<FailureTemplateStore, "learnFailureTemplate"> & Pick<SignatureKnowledgeStore, "captureLesson">,
  task: TaskRef,
  lesson: Lesson,
  idempotencyKey: IdempotencyKey | null,
  failure: FailureToSign,
): Promise<KeyedWrite<CapturedLesson & { template: string }>> {
  const signed = await signFirst(store, task.tenant, failure);
  if (signed.outcome === "mismatch") return signed;
  const captured = await store.captureLesson(task, { ...lesson, signature: signed.signature }, idempotencyKey, signed.template);
  if (captured.outcome === "mismatch") return captured;
  return { outcome: captured.outcome, value: { ...captured.value, template: signed.template } };
}

/** recordSignedToolCall (domain/failures/store.ts) as two writes: the message's template step, then recordSharedToolCall with the signature it makes. */
export async function recordSignedInTwoSteps(
  store: Pick<FailureTemplateStore, "learnFailureTemplate"> & Pick<SharedToolStore, "recordSharedToolCall">,
  session: SessionRef,
  call: NewToolCall,
  idempotencyKey: IdempotencyKey | null,
  offer: boolean,
  failure: FailureToSign,
): Promise<KeyedWrite<RecordedToolCall>> {
  const signed = await signFirst(store, session.tenant, failure);
  if (signed.outcome === "mismatch") return signed;
  return store.recordSharedToolCall(session, { ...call, signature: signed.signature, template: signed.template }, idempotencyKey, offer);
}
