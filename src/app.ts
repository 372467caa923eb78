// Builds the Fastify application: infrastructure plugins, open routes, then the authenticated API. Tests call it too.
import { randomUUID } from "node:crypto";
import cors from "@fastify/cors";
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { mergeApiKeys, parseApiKeys, readApiKeyFile } from "./auth/api-keys.js";
import { createKeyRing, type KeyRing } from "./auth/key-ring.js";
import type { Config } from "./config.js";
import { createActivityService } from "./domain/activity/service.js";
import { createEventHub } from "./domain/activity/event-hub.js";
import { createLessonService } from "./domain/lessons/service.js";
import { createRedactor, RedactionTally } from "./domain/redaction/redactor.js";
import { createContextService } from "./domain/context/service.js";
import { createEfficacyService } from "./domain/efficacy/service.js";
import { createSharedToolService } from "./domain/shared-tools/service.js";
import { createToolMemoryService } from "./domain/tools/service.js";
import { createOtlpCaptureService } from "./domain/otlp/service.js";
import { createRecallService } from "./domain/recall/service.js";
import mcpRoute from "./mcp/route.js";
import { loggedRequest } from "./logging.js";
import { instrumentStore } from "./metrics/instrumented-store.js";
import { createMetrics } from "./metrics/registry.js";
import auth from "./plugins/auth.js";
import dashboard from "./plugins/dashboard.js";
import inputLimits from "./plugins/input-limits.js";
import metricsPlugin from "./plugins/metrics.js";
import openapi from "./plugins/openapi.js";
import otlpBodies from "./plugins/otlp-bodies.js";
import { fastSerializerCompiler } from "./plugins/fast-serializer.js";
import type { RateLimitOptions } from "./rate-limit/limiter.js";
import problemDetails, { routerProblem, sendProblem } from "./plugins/problem-details.js";
import requestLifecycle from "./plugins/request-lifecycle.js";
import storePlugin from "./plugins/store.js";
import activityRoutes from "./routes/activity.js";
import contextRoutes from "./routes/context.js";
import eventRoutes from "./routes/events.js";
import healthRoutes from "./routes/health.js";
import lessonRoutes from "./routes/lessons.js";
import patternRoutes from "./routes/patterns.js";
import resolutionRoutes from "./routes/resolutions.js";
import sessionRoutes from "./routes/sessions.js";
import efficacyRoutes from "./routes/efficacy.js";
import recallRoutes from "./routes/recall.js";
import sharedToolRoutes from "./routes/shared-tools.js";
import startPage from "./routes/start-page.js";
import tenantSignatureRoutes from "./routes/tenant-signatures.js";
import toolCallRoutes from "./routes/tool-calls.js";
import otlpRoutes from "./routes/otlp.js";
import { toolCallProblem } from "./schemas/otlp.js";
import { nudgingStore } from "./storage/nudging-store.js";
import type { Store } from "./storage/port.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The API keys in force; reload() reads API_KEYS_FILE again, as SIGHUP does. */
    keyRing: KeyRing;
  }
}

export interface AppDeps {
  /** Use this store instead of opening one from the config (tests). */
  store?: Store;
  clock?: () => Date;
  /** Logger settings; defaults to JSON logs on stdout at the configured level. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** JSON lines by default; LOG_FORMAT=pretty renders them for a terminal in pino-pretty's worker thread. */
function loggerOf(config: Config) {
  if (config.LOG_FORMAT === "json") return { level: config.LOG_LEVEL };
  return { level: config.LOG_LEVEL, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" } } };
}

/** A tenant's default budget when keys make tenants: generous for one agent fleet, a stop for a runaway loop. */
const DEFAULT_TENANT_RATE_LIMIT = 100_000;

function rateLimitOf(config: Config, hasKeys: boolean, now: () => number): RateLimitOptions {
  return {
    now,
    tenantMax: config.RATE_LIMIT_MAX ?? (hasKeys ? DEFAULT_TENANT_RATE_LIMIT : 0),
    // Without keys nobody is unauthenticated; with them, this limits guessing.
    unauthenticatedMax: hasKeys ? config.RATE_LIMIT_UNAUTHENTICATED_MAX : 0,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    syncMs: config.RATE_LIMIT_SYNC_MS,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  // Read the keys first: a bad key file stops the boot before anything listens.
  const keysFromEnv = config.API_KEYS ? parseApiKeys(config.API_KEYS, "API_KEYS") : [];
  const keysFromFile = config.API_KEYS_FILE ? readApiKeyFile(config.API_KEYS_FILE) : [];
  // A key in both would belong to whichever tenant comes first: the boot stops instead.
  mergeApiKeys(keysFromEnv, keysFromFile);
  const redactor = createRedactor({ enabled: config.REDACTION === "on", extraNames: config.REDACT_KEYS });
  const logger = deps.logger ?? loggerOf(config);
  const app = Fastify({
    // The request serializer logs no headers, so API keys never reach the log (the auth tests check
    // it), and the query's values as a body's would be kept: redacted. (pino's redact would cost every
    // log line a few microseconds for nothing.)
    logger: logger === false ? false : { ...(logger === true ? {} : logger), serializers: { req: (request: FastifyRequest) => loggedRequest(request, redactor) } },
    // One line per request (plugins/request-lifecycle) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.BODY_LIMIT_BYTES,
    // A caller's own x-request-id is kept when it is safe to log; otherwise a new one is made.
    // (requestIdHeader would take the header unchecked, so genReqId reads it instead.)
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 256 },
    // Requests arriving during shutdown get our own 503 problem (plugins/request-lifecycle), not Fastify's plain one.
    return503OnClosing: false,
    // URLs the router itself refuses (bad percent-encoding, an over-long id) are problems too.
    frameworkErrors: (error, request, reply) => void sendProblem(request, reply, routerProblem(error)),
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON only; any other body is a 415, not a string that fails validation.
  app.removeContentTypeParser("text/plain");
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  const keys = createKeyRing({ fromEnv: keysFromEnv, file: config.API_KEYS_FILE, fromFile: keysFromFile, log: app.log });
  app.addHook("onClose", async () => keys.close());
  // SIGHUP reads API_KEYS_FILE again at once (a change of the file itself is read within about two seconds).
  const reloadOnHangup = () => void keys.reload();
  if (config.API_KEYS_FILE) {
    process.on("SIGHUP", reloadOnHangup);
    app.addHook("onClose", async () => void process.off("SIGHUP", reloadOnHangup));
  }
  app.decorate("keyRing", keys);
  // Open event streams read the tenant's log through the store; the store's writes wake them.
  const hub = createEventHub({
    store: { readEvents: (tenant, after, limit) => app.store.readEvents(tenant, after, limit) },
    pollMs: config.EVENTS_POLL_MS,
    heartbeatMs: config.EVENTS_HEARTBEAT_MS,
    slowClientMs: config.EVENTS_SLOW_CLIENT_MS,
    maxStreams: config.EVENTS_MAX_STREAMS,
    onReadError: (error) => app.log.warn({ err: error instanceof Error ? error.message : String(error) }, "event stream read failed"),
  });
  // Streams end first, so that close() does not wait for clients that never leave.
  app.addHook("preClose", async () => hub.close());
  // The store reports to the metrics, which in turn read whether the store is up.
  let storeUp = () => false;
  const metrics = createMetrics(() => storeUp(), () => hub.openStreams);
  await app.register(requestLifecycle, { metrics });
  await app.register(problemDetails, { redact: (text) => redactor.text(text, new RedactionTally()) });
  await app.register(inputLimits);
  if (config.CORS_ORIGINS) await app.register(cors, { origin: config.CORS_ORIGINS.split(",").map((origin) => origin.trim()) });
  await app.register(openapi);
  await app.register(storePlugin, {
    config,
    store: deps.store,
    instrument: (store) => nudgingStore(instrumentStore(store, metrics), hub.nudge),
    onNotReplicated: () => metrics.notReplicated.inc(),
    onPrimaryChange: () => metrics.redisPrimaryChanges.inc(),
  });
  storeUp = () => app.store.kind === "memory" || app.redisClient?.status === "ready";
  await app.register(metricsPlugin, { metrics });
  const store = app.store;
  const clock = deps.clock ?? (() => new Date());
  const countRedactions = (tally: RedactionTally) => tally.byKind.forEach((count, kind) => metrics.redactions.inc({ kind }, count));
  const lessons = createLessonService({ store, clock, newLessonId: () => `lsn_${randomUUID().replaceAll("-", "")}`, redactor, countRedactions });
  const tools = createToolMemoryService({ store, clock, limits: { maxToolLogEntries: config.TOOL_LOG_MAX_ENTRIES, fixDetectionWindow: config.FIX_DETECTION_WINDOW }, redactor, countRedactions });
  const knowledge = createSharedToolService({ store, redactor, ranking: config.FIX_RANKING });
  const context = createContextService({ store });
  const activity = createActivityService({ store, clock });
  const otlp = createOtlpCaptureService({
    tools,
    validate: toolCallProblem,
    count: (signal, dialect, verdict, items) => metrics.otlpItems.inc({ signal, dialect, verdict }, items),
  });
  const efficacy = createEfficacyService({ store, ranking: config.FIX_RANKING });
  const recall = createRecallService({ store, redactor });

  // Probes, docs, metrics and the dashboard's files stay open; everything below needs a key when keys are configured.
  await app.register(healthRoutes);
  await app.register(startPage);
  await app.register(dashboard);
  await app.register(async (api) => {
    await api.register(auth, { keys, rateLimit: rateLimitOf(config, keys.enabled, () => clock().getTime()) });
    await api.register(lessonRoutes, { lessons });
    await api.register(resolutionRoutes, { lessons });
    await api.register(tenantSignatureRoutes, { lessons });
    await api.register(toolCallRoutes, { tools });
    await api.register(patternRoutes, { tools });
    await api.register(sessionRoutes, { tools, importBodyLimit: config.IMPORT_BODY_LIMIT_BYTES });
    await api.register(sharedToolRoutes, { knowledge });
    await api.register(contextRoutes, { context });
    await api.register(activityRoutes, { activity });
    await api.register(efficacyRoutes, { efficacy });
    await api.register(recallRoutes, { recall });
    await api.register(eventRoutes, { activity, hub, keys });
    await api.register(mcpRoute, { lessons, tools, knowledge, context, recall });
    // The OTLP routes read protobuf and gzip bodies: their parsers stay in a context of their own.
    await api.register(async (receiver) => {
      await receiver.register(otlpBodies, { maxInflatedBytes: config.OTLP_BODY_LIMIT_BYTES });
      await receiver.register(otlpRoutes, { capture: otlp, bodyLimit: config.OTLP_BODY_LIMIT_BYTES });
    });
  });
  return app;
}
