// The failure templates' ports: learning and recalling the tenant's templates, and the writes that sign their failure as they store it.
import type { LearnedFailureTemplate } from "./templates.js";
import type { RecalledTemplate, TemplateQuery, UseReport } from "../recall/ranking.js";
import type { CapturedLesson } from "../lessons/store.js";
import type { Lesson } from "../lessons/types.js";
import type { NewToolCall } from "../tools/store.js";
import type { RecordedToolCall } from "../shared-tools/store.js";
import type { SessionRef, TaskRef } from "../refs.js";
import type { IdempotencyKey, KeyedWrite } from "../idempotency.js";

/**
 * The tenant's failure templates (domain/failures/templates.ts), learned online from its failures' messages,
 * with the state in the store so that every replica places a message against the same templates.
 */
export interface FailureTemplateStore {
  /**
   * Learns one message, atomically: its template's id and text, and what changed. A message placed in a
   * template is placed there again for as long as the template is kept (`maxTemplatesPerTenant`, the least
   * recently seen forgotten first); the state lives `lessonsTtlSeconds` after its last write.
   * With `write`, the step is the first of that keyed write: a retry answers the first answer again and
   * learns nothing, and a key reused for another request is refused before anything is learned.
   * The same step indexes the template for recall: the message's terms while the template has room, and
   * `use` (what failed, where and when) counted among its uses.
   */
  learnFailureTemplate(tenant: string, message: string, write?: TemplateWriteKey | null, use?: UseReport | null): Promise<KeyedWrite<LearnedFailureTemplate>>;

  /**
   * The tenant's templates that match a query, best first (domain/recall/ranking.ts): the template the query's
   * tokens would be placed in, then by BM25 over the terms the same step indexed (MAX_TERMS_PER_TEMPLATE a
   * template). One entry per use of a template that passes the query's filters, at most `query.limit`.
   */
  recallTemplates(tenant: string, query: TemplateQuery): Promise<RecalledTemplate[]>;
}

/** The keyed write a template step belongs to: its scope (`lesson:<task>` or `call:<session>`) and its idempotency key. */
export interface TemplateWriteKey {
  scope: string;
  key: IdempotencyKey;
}

/** A failure whose signature its own write makes (signed-capture.ts, and a single Redis server's one script): its message, placed in the tenant's templates under the write's key. */
export interface FailureToSign {
  errorType: string;
  /** The message as kept (KEPT_MESSAGE_CHARS). */
  message: string;
  write: TemplateWriteKey | null;
  /** What failed, where and when, for recall (its error type is errorType). */
  where: Omit<UseReport, "error_type">;
}

/** Writes that make their failure's signature as they store it. */
export interface SignedFailureStore {
  /**
   * captureLesson, with the lesson's signature made in the same write: its message placed in the tenant's templates
   * (learnFailureTemplate) and the signature made from the error type and the template's id (templateSignature),
   * which replaces the lesson's own. On a single Redis server that is one script, one round trip; elsewhere the
   * template step goes first. A key reused for another request is refused before its message touches the templates.
   */
  captureSignedLesson(
    task: TaskRef,
    lesson: Lesson,
    idempotencyKey: IdempotencyKey | null,
    failure: FailureToSign,
  ): Promise<KeyedWrite<CapturedLesson & { template: string }>>;

  /**
   * recordSharedToolCall for a failed or timed-out call with a message, with the call's signature and template made in
   * the same write, as captureSignedLesson makes a lesson's (the call's own are replaced). On a single Redis server one
   * script and one round trip; elsewhere the template step goes first.
   */
  recordSignedToolCall(
    session: SessionRef,
    call: NewToolCall,
    idempotencyKey: IdempotencyKey | null,
    offer: boolean,
    failure: FailureToSign,
  ): Promise<KeyedWrite<RecordedToolCall>>;
}
