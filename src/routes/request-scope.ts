// Helpers every route shares: whose data a request touches, its idempotency key, and text-or-JSON prompt replies.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { canonicalJson } from "../domain/tools/arguments.js";
import { replyTypeOf } from "./content-negotiation.js";
import type { SessionRef, TaskRef, WriteKey } from "../storage/port.js";

/** The task a request addresses, within the request's tenant. */
export function taskOf(request: FastifyRequest, taskId: string): TaskRef {
  return { tenant: request.tenant, taskId };
}

/** The session a request addresses, within the request's tenant. */
export function sessionOf(request: FastifyRequest, sessionId: string): SessionRef {
  return { tenant: request.tenant, sessionId };
}

/**
 * The request's Idempotency-Key, with a fingerprint of what it asks: method, path and body, the
 * body in canonical form so that key order does not matter. 128 bits of SHA-256 tell requests apart
 * and keep the stored record small. Null when the request sent no key.
 */
export function writeKeyOf(request: FastifyRequest): WriteKey | null {
  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") return null;
  const asked = `${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`;
  return { key, fingerprint: createHash("sha256").update(asked).digest().subarray(0, 16).toString("base64url") };
}

/** Marks a POST's answer as the replay of the key's first write. */
export function markReplayed(reply: FastifyReply, replayed: boolean): void {
  if (replayed) reply.header("idempotent-replayed", "true");
}

/** Route config of a prompt route: JSON by default, the text alone when Accept prefers text/plain. */
export const PROMPT_TYPES = { produces: ["application/json", "text/plain"] } as const;

/** Sends the prompt text itself when the client prefers text/plain, else the JSON document. */
export function sendPrompt<T extends { prompt: string }>(request: FastifyRequest, reply: FastifyReply, body: T) {
  if (replyTypeOf(request) === "text/plain") return reply.type("text/plain; charset=utf-8").send(body.prompt);
  return reply.type("application/json; charset=utf-8").send(body);
}
