// Entry point: load the config, build the app, listen, and shut down gracefully on SIGTERM/SIGINT.
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { bootEnvironment } from "./env-file.js";
import { createLogDestination, type LogDestination } from "./logging.js";

// JSON lines go through a buffer that never blocks a request; pretty lines have pino-pretty's worker.
let logs: LogDestination | null = null;

async function main(): Promise<void> {
  const { env, fromFile } = bootEnvironment();
  const config = loadConfig(env, fromFile);
  logs = config.LOG_FORMAT === "json" ? createLogDestination() : null;
  const app = await buildApp(config, logs ? { logger: { level: config.LOG_LEVEL, stream: logs } } : {});
  // Every way out flushes what the buffer still holds, so the last lines before an exit are never lost.
  const exit = (code: number): never => {
    logs?.flushSync();
    process.exit(code);
  };
  process.on("uncaughtException", (error) => {
    app.log.fatal({ err: error }, "uncaught exception; exiting");
    exit(1);
  });
  process.on("unhandledRejection", (reason) => {
    app.log.fatal({ err: reason }, "unhandled rejection; exiting");
    exit(1);
  });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // A port another process holds is the operator's to fix, like a bad setting: one line saying which to change.
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new ConfigError(`port ${config.PORT} on ${config.HOST} is already in use; set PORT to another port`);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // In-flight requests finish (new ones get 503) and Redis is quit; past the grace period, exit anyway.
    const timer = setTimeout(() => {
      app.log.error("shutdown grace period passed; exiting");
      exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => {
        app.log.info("stopped");
        exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  // What the boot logged before it failed (a store that would not connect, say) goes out first.
  logs?.flushSync();
  // A bad setting (or a port in use) is the operator's to fix: one line naming it, no stack trace.
  if (error instanceof ConfigError) process.stderr.write(`agent-lessons: ${error.message}\n`);
  else process.stderr.write(`agent-lessons failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
