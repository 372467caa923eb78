// The service's Prometheus metrics, in a registry of its own (one per app, so tests can build many).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export function createMetrics(storeUp: () => boolean, openStreams: () => number = () => 0) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration by route and status",
      labelNames: ["method", "route", "status_code"] as const,
      buckets: [0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    storeDuration: new Histogram({
      name: "store_operation_duration_seconds",
      help: "Store operation latency by operation and result",
      labelNames: ["operation", "result"] as const,
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    lessonsCaptured: new Counter({
      name: "lessons_captured_total",
      help: "Failure lessons stored",
      registers: [registry],
    }),
    toolCallsRecorded: new Counter({
      name: "tool_calls_recorded_total",
      help: "Tool calls recorded, by outcome",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    fixesDetected: new Counter({
      name: "fixes_detected_total",
      help: "Successes linked to the failure they fixed",
      registers: [registry],
    }),
    redactions: new Counter({
      name: "redactions_total",
      help: "Values replaced by redaction before they were stored, by kind of secret",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    knownFixesOffered: new Counter({
      name: "known_fixes_offered_total",
      help: "Failures answered with a fix the tenant learned in any session",
      registers: [registry],
    }),
    otlpItems: new Counter({
      name: "otlp_items_total",
      help: "Spans and log records received over OTLP, by signal, dialect and verdict: accepted (recorded as a tool call, or answered again for an exporter's retry), ignored (not a tool call), refused (a tool call that could not be recorded)",
      labelNames: ["signal", "dialect", "verdict"] as const,
      registers: [registry],
    }),
    redisPrimaryChanges: new Counter({
      name: "redis_primary_changes_total",
      help: "Times the service found itself writing to another Redis primary: a failover followed (in a Cluster, a slot's master changed)",
      registers: [registry],
    }),
    notReplicated: new Counter({
      name: "redis_not_replicated_total",
      help: "Writes (each script or transaction of a request) that fewer replicas than REDIS_WAIT_REPLICAS confirmed in time; their request answered 503 NOT_REPLICATED",
      registers: [registry],
    }),
    eventStreams: new Gauge({
      name: "event_streams_open",
      help: "Event streams (GET /events) this instance serves now",
      registers: [registry],
      collect() {
        this.set(openStreams());
      },
    }),
    storeUp: new Gauge({
      name: "store_up",
      help: "1 while the store (Redis, or the embedded store) is connected, else 0",
      registers: [registry],
      collect() {
        this.set(storeUp() ? 1 : 0);
      },
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
