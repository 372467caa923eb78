// Helpers every route shares: whose data a request touches, and text-or-JSON prompt replies.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionRef, TaskRef } from "../storage/port.js";

// Every request belongs to this tenant until authentication maps API keys to tenants.
export const DEFAULT_TENANT = "default";

export function taskOf(taskId: string): TaskRef {
  return { tenant: DEFAULT_TENANT, taskId };
}

export function sessionOf(sessionId: string): SessionRef {
  return { tenant: DEFAULT_TENANT, sessionId };
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
