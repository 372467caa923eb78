// Helpers every route shares: whose data a request touches, and text-or-JSON prompt replies.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionRef, TaskRef } from "../storage/port.js";

/** The task a request addresses, within the request's tenant. */
export function taskOf(request: FastifyRequest, taskId: string): TaskRef {
  return { tenant: request.tenant, taskId };
}

/** The session a request addresses, within the request's tenant. */
export function sessionOf(request: FastifyRequest, sessionId: string): SessionRef {
  return { tenant: request.tenant, sessionId };
}

/** True when the client asked for text/plain rather than JSON. */
export function wantsText(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  return accept.includes("text/plain") && !accept.includes("application/json");
}

/** Sends the prompt text itself for text/plain clients, else the JSON document. */
export function sendPrompt<T extends { prompt: string }>(request: FastifyRequest, reply: FastifyReply, body: T) {
  if (wantsText(request)) return reply.type("text/plain; charset=utf-8").send(body.prompt);
  return reply.type("application/json; charset=utf-8").send(body);
}
