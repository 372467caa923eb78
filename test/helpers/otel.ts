// Real OpenTelemetry pipelines for tests: the JS SDK's tracer and logger providers exporting over OTLP/HTTP (protobuf or JSON) to a running service.
import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtoLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import { OTLPTraceExporter as JsonTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtoTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchLogRecordProcessor, LoggerProvider } from "@opentelemetry/sdk-logs";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { afterEach } from "vitest";

export type OtlpEncoding = "protobuf" | "json";

export interface ExportTarget {
  /** The service's base URL; the exporters add /v1/traces and /v1/logs. */
  url: string;
  encoding: OtlpEncoding;
  /** Headers every export carries, as OTEL_EXPORTER_OTLP_HEADERS gives them. */
  headers?: Record<string, string>;
  gzip?: boolean;
  serviceName?: string;
}

function exporterConfig(target: ExportTarget, path: string) {
  return { url: `${target.url}${path}`, headers: target.headers ?? {}, ...(target.gzip ? { compression: "gzip" as never } : {}) };
}

// Batches leave on forceFlush only, so that a test decides what one export request holds.
const BATCH = { scheduledDelayMillis: 600_000, maxExportBatchSize: 512, maxQueueSize: 2048 };

/** Tracer and logger providers whose batches are exported on forceFlush, shut down after the test. */
export function useOtelPipelines() {
  const providers: Array<{ shutdown(): Promise<void> }> = [];
  afterEach(async () => {
    for (const provider of providers.splice(0)) await provider.shutdown();
  });

  return {
    tracing(target: ExportTarget) {
      const config = exporterConfig(target, "/v1/traces");
      const exporter = target.encoding === "protobuf" ? new ProtoTraceExporter(config) : new JsonTraceExporter(config);
      const provider = new BasicTracerProvider({
        resource: resourceFromAttributes({ "service.name": target.serviceName ?? "test-agent" }),
        spanProcessors: [new BatchSpanProcessor(exporter, BATCH)],
      });
      providers.push(provider);
      return { provider, tracer: provider.getTracer("test-agent") };
    },
    logging(target: ExportTarget, scope = "test-agent") {
      const config = exporterConfig(target, "/v1/logs");
      const exporter = target.encoding === "protobuf" ? new ProtoLogExporter(config) : new JsonLogExporter(config);
      const provider = new LoggerProvider({
        resource: resourceFromAttributes({ "service.name": target.serviceName ?? "test-agent" }),
        processors: [new BatchLogRecordProcessor({ exporter, ...BATCH })],
      });
      providers.push(provider);
      return { provider, logger: provider.getLogger(scope) };
    },
  };
}
