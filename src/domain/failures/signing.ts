// A failure's signature, made as the first step of its write: the message placed in the tenant's templates, under the write's idempotency key.
import { keyReused } from "../../errors.js";
import type { FailureTemplateStore, TemplateWriteKey } from "../../storage/port.js";
import { templateSignature } from "../lessons/signature.js";
import type { UseReport } from "../recall/ranking.js";

export interface SignedFailure {
  signature: string;
  /** The message as the tenant's templates placed it, variable parts as <*>. */
  template: string;
}

/**
 * Places the failure's message (as kept, KEPT_MESSAGE_CHARS) in the tenant's templates, and answers its signature
 * (the error type and the template's id) and template. With `write`, the step belongs to that keyed write: its retry
 * learns nothing again, and its key reused for another request is refused before anything is learned. The same step
 * counts `where` (a lesson of a task, or a tool's call in a session, and when) among the template's uses, for recall.
 */
export async function signFailure(
  store: FailureTemplateStore,
  tenant: string,
  errorType: string,
  message: string,
  write: TemplateWriteKey | null,
  where: Omit<UseReport, "error_type">,
): Promise<SignedFailure> {
  const placed = await store.learnFailureTemplate(tenant, message, write, { ...where, error_type: errorType });
  if (placed.outcome === "mismatch") throw keyReused();
  return { signature: templateSignature(errorType, placed.value.templateId), template: placed.value.template };
}
