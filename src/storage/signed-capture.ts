// A failure's signature made in two steps, the template step and then the write it signs: every store but a single Redis server's one script.
import { templateSignature } from "../domain/lessons/signature.js";
import type { Lesson } from "../domain/lessons/types.js";
import type { SessionRef, TaskRef } from "../domain/refs.js";
import type { IdempotencyKey } from "../domain/idempotency.js";
import type {
  CapturedLesson,
  FailureTemplateStore,
  FailureToSign,
  KeyedWrite,
  NewToolCall,
  RecordedToolCall,
  SharedToolStore,
  SignatureKnowledgeStore,
} from "./port.js";

/** captureSignedLesson (port.ts) as two writes: the message's template step, then captureLesson with the signature it makes. */
export async function captureSignedInTwoSteps(
  store: Pick<FailureTemplateStore, "learnFailureTemplate"> & Pick<SignatureKnowledgeStore, "captureLesson">,
  task: TaskRef,
  lesson: Lesson,
  idempotencyKey: IdempotencyKey | null,
  failure: FailureToSign,
): Promise<KeyedWrite<CapturedLesson & { template: string }>> {
  const placed = await store.learnFailureTemplate(task.tenant, failure.message, failure.write, { ...failure.where, error_type: failure.errorType });
  if (placed.outcome === "mismatch") return placed;
  const { template, templateId } = placed.value;
  const captured = await store.captureLesson(task, { ...lesson, signature: templateSignature(failure.errorType, templateId) }, idempotencyKey, template);
  if (captured.outcome === "mismatch") return captured;
  return { outcome: captured.outcome, value: { ...captured.value, template } };
}

/** recordSignedToolCall (port.ts) as two writes: the message's template step, then recordSharedToolCall with the signature it makes. */
export async function recordSignedInTwoSteps(
  store: Pick<FailureTemplateStore, "learnFailureTemplate"> & Pick<SharedToolStore, "recordSharedToolCall">,
  session: SessionRef,
  call: NewToolCall,
  idempotencyKey: IdempotencyKey | null,
  offer: boolean,
  failure: FailureToSign,
): Promise<KeyedWrite<RecordedToolCall>> {
  const placed = await store.learnFailureTemplate(session.tenant, failure.message, failure.write, { ...failure.where, error_type: failure.errorType });
  if (placed.outcome === "mismatch") return placed;
  const { template, templateId } = placed.value;
  return store.recordSharedToolCall(session, { ...call, signature: templateSignature(failure.errorType, templateId), template }, idempotencyKey, offer);
}
