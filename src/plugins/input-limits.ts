// Refuses, before validation and before any work, a request whose body, query or path passes an input limit or is not valid Unicode.
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.js";
import { inputProblem } from "../input-limits.js";

const PARTS = [
  ["params", (request: FastifyRequest) => request.params],
  ["querystring", (request: FastifyRequest) => request.query],
  ["body", (request: FastifyRequest) => request.body],
] as const;

/**
 * One synchronous hook: the parts are walked once each, without recursion. A refused request gets a
 * 400 that names the field, so nothing downstream (redaction, fix detection, the store's scripts)
 * ever meets a lone surrogate or a document deep enough to overflow the stack.
 */
export default fp(
  async (app) => {
    app.addHook("preValidation", (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      for (const [part, valueOf] of PARTS) {
        const problem = inputProblem(part, valueOf(request));
        if (problem) return done(new AppError("VALIDATION_FAILED", `${problem.field}: ${problem.message}`, [problem]));
      }
      done();
    });
  },
  { name: "input-limits" },
);
