// Builds the Fastify application: plugins first, then services and routes. Tests call it too.
import { randomBytes, randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import { createLessonService } from "./domain/lessons/service.js";
import { createToolMemoryService } from "./domain/tools/service.js";
import openapi from "./plugins/openapi.js";
import problemDetails from "./plugins/problem-details.js";
import storePlugin from "./plugins/store.js";
import healthRoutes from "./routes/health.js";
import lessonRoutes from "./routes/lessons.js";
import patternRoutes from "./routes/patterns.js";
import sessionRoutes from "./routes/sessions.js";
import toolCallRoutes from "./routes/tool-calls.js";
import type { Store } from "./storage/port.js";

export interface AppDeps {
  /** Use this store instead of opening one from the config (tests). */
  store?: Store;
  clock?: () => Date;
  /** Logger settings; defaults to JSON logs on stdout at the configured level. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A caller's own x-request-id is kept when it is safe to log; otherwise a new one is made.
    // (requestIdHeader would take the header unchecked, so genReqId reads it instead.)
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 256 },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; any other body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(problemDetails);
  await app.register(openapi);
  await app.register(storePlugin, { config, store: deps.store });

  const clock = deps.clock ?? (() => new Date());
  const lessons = createLessonService({
    store: app.store,
    clock,
    newLessonId: () => `lsn_${randomBytes(12).toString("base64url")}`,
  });
  const tools = createToolMemoryService({
    store: app.store,
    clock,
    limits: { maxToolLogEntries: config.TOOL_LOG_MAX_ENTRIES },
  });

  await app.register(healthRoutes);
  await app.register(lessonRoutes, { lessons });
  await app.register(toolCallRoutes, { tools });
  await app.register(patternRoutes, { tools });
  await app.register(sessionRoutes, { tools, importBodyLimit: config.IMPORT_BODY_LIMIT_BYTES });
  return app;
}
