// Entry point: load the config, build the app, listen, and shut down gracefully on SIGTERM/SIGINT.
import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // In-flight requests finish (new ones get 503) and Redis is quit; past the grace period, exit anyway.
    const timer = setTimeout(() => {
      app.log.error("shutdown grace period passed; exiting");
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  // A bad setting is the operator's to fix: one line naming it, no stack trace.
  if (error instanceof ConfigError) process.stderr.write(`agent-lessons: ${error.message}\n`);
  else process.stderr.write(`agent-lessons failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
