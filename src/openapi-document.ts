// Produces the OpenAPI document exactly as the running service serves it, without opening any store.
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { storeLimitsOf } from "./plugins/store.js";
import { createMemoryStore } from "./storage/memory/index.js";

/** The document as pretty-printed JSON with a final newline, the form committed in openapi/. */
export async function renderOpenApiDocument(): Promise<string> {
  const config = loadConfig({ LOG_LEVEL: "silent" });
  const store = createMemoryStore(storeLimitsOf(config));
  const app = await buildApp(config, { store, logger: false });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
