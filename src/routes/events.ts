// HTTP route of the live event stream: Server-Sent Events of the caller's tenant, resumable with Last-Event-ID.
import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KeyRing } from "../auth/key-ring.js";
import { requires } from "../auth/scopes.js";
import type { EventHub, EventSink } from "../domain/activity/event-hub.js";
import type { ActivityService } from "../domain/activity/service.js";
import { AppError } from "../errors.js";
import { eventStreamResponse, eventsHeaders, eventsQuery } from "../schemas/activity.js";
import { apiProblems } from "../schemas/common.js";

/** The response body as the hub sees it; Fastify pipes it to the socket with backpressure. */
export function sinkOver(body: PassThrough): EventSink {
  return {
    // Once the client left or the stream ended, writing is a no-op (a write after end would be an error).
    write: (text) => (body.destroyed || body.writableEnded ? true : body.write(text)),
    drained: async () => {
      if (!body.writableNeedDrain || body.destroyed) return;
      // Whichever comes first; the other listener goes, so a stream that backs up often gathers none.
      const done = new AbortController();
      await Promise.race([once(body, "drain", { signal: done.signal }), once(body, "close", { signal: done.signal })]).finally(() => done.abort());
    },
    get closed() {
      return body.destroyed || body.writableEnded;
    },
    onClose: (listener) => body.once("close", listener),
    end: () => body.end(),
    drop: () => body.destroy(),
  };
}

const eventRoutes: FastifyPluginAsyncZod<{ activity: ActivityService; hub: EventHub; keys: KeyRing }> = async (app, { activity, hub, keys }) => {
  app.get(
    "/events",
    {
      schema: {
        ...requires("read"),
        operationId: "streamEvents",
        tags: ["dashboard"],
        summary: "The tenant's events as they happen (Server-Sent Events), resumable with Last-Event-ID",
        description: "For dashboards: lesson.captured, tool_call.recorded, fix.detected, fix.offered (a failure was offered a known fix), fix.outcome (the session's next call of the tool decided it) and task.resolved events as Server-Sent Events, filtered by type, task or session. Reconnect with Last-Event-ID to resume where the stream stopped.",
        querystring: eventsQuery,
        headers: eventsHeaders,
        response: { 200: eventStreamResponse, ...apiProblems(400, 503) },
      },
    },
    async (request, reply) => {
      const { types, task_id, session_id, recent } = request.query;
      // Read before the stream opens, so a store that is down answers a clear 503 instead of an empty stream.
      const after = await activity.streamStart(request.tenant, request.headers["last-event-id"] ?? null, recent ?? 0);
      // Checked after the read, with nothing awaited before subscribe: concurrent requests cannot all pass.
      if (!hub.hasRoom()) throw new AppError("TOO_MANY_STREAMS", "This instance serves as many event streams as it may; retry shortly.");
      const body = new PassThrough();
      reply.raw.on("close", () => body.destroy());
      // A stream lasts as long as its key: removed from API_KEYS_FILE, the key's open streams end (cleanly; a reconnect gets its 401).
      const key = request.apiKey;
      if (key) {
        const stop = keys.onRemoved(() => {
          if (!keys.holds(key)) body.end();
        });
        body.once("close", stop);
        // A reload during the read above has told its listeners already.
        if (!keys.holds(key)) body.end();
      }
      void hub.subscribe(request.tenant, after, { types: types ? new Set(types) : null, taskId: task_id ?? null, sessionId: session_id ?? null }, sinkOver(body));
      return reply
        .type("text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no")
        // The schema types the body as the text it becomes; Fastify streams it as it is written.
        .send(body as unknown as string);
    },
  );
};

export default eventRoutes;
