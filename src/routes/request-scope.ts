// Helpers every route shares: whose data a request touches, its idempotency key, and text-or-JSON prompt replies.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { IdempotencyRequest } from "../domain/idempotency.js";
import { replyTypeOf } from "./content-negotiation.js";
import type { SessionRef, TaskRef } from "../domain/refs.js";

/** The task a request addresses, within the request's tenant. */
export function taskOf(request: FastifyRequest, taskId: string): TaskRef {
  return { tenant: request.tenant, taskId };
}

/** The session a request addresses, within the request's tenant. */
export function sessionOf(request: FastifyRequest, sessionId: string): SessionRef {
  return { tenant: request.tenant, sessionId };
}

/** The request's Idempotency-Key with its method and path; the domain fingerprints the body it stores. Null without a key. */
export function idempotencyOf(request: FastifyRequest): IdempotencyRequest | null {
  const key = request.headers["idempotency-key"];
  return typeof key === "string" ? { key, request: `${request.method} ${request.url}` } : null;
}

/** Marks a POST's answer as the replay of the key's first write. */
export function markReplayed(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header("idempotent-replayed", "true");
}

/** Route config of a prompt route: JSON by default, the text alone when Accept prefers text/plain. */
export const PROMPT_TYPES = { produces: ["application/json", "text/plain"] } as const;

/** A text whose last line ends like every other, as terminals and files expect; an empty text stays empty. */
function asTextLines(text: string): string {
  return text === "" || text.endsWith("\n") ? text : `${text}\n`;
}

/** Sends the prompt text itself when the client prefers text/plain, else the JSON document. */
export function sendPrompt<T extends { prompt: string }>(request: FastifyRequest, reply: FastifyReply, body: T) {
  if (replyTypeOf(request) === "text/plain") return reply.type("text/plain; charset=utf-8").send(asTextLines(body.prompt));
  return reply.type("application/json; charset=utf-8").send(body);
}
