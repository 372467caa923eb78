// Serves the dashboard page and its assets (uPlot from its npm package) from this service, under a strict CSP.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const dashboardDir = fileURLToPath(new URL("../dashboard/", import.meta.url));
const uplotDir = dirname(createRequire(import.meta.url).resolve("uplot/dist/uPlot.esm.js"));
const UPLOT_FILES = new Set(["/uPlot.esm.js", "/uPlot.min.css"]);

/**
 * Only this origin's own files run or style the page: no inline script, no inline style element,
 * nothing from elsewhere. Data reaches the page through fetch (connect-src) and becomes text.
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Registered at the root, outside authentication: the page holds no data; it asks for a key to read any. */
export default async function dashboard(app: FastifyInstance): Promise<void> {
  // Encapsulated: the CSP applies to the dashboard's responses only (the Swagger UI needs inline script).
  app.addHook("onSend", async (_request, reply) => {
    reply.header("content-security-policy", DASHBOARD_CSP);
  });
  await app.register(fastifyStatic, { root: dashboardDir, prefix: "/dashboard/", index: "index.html", cacheControl: true, maxAge: 60_000 });
  await app.register(fastifyStatic, {
    root: uplotDir,
    prefix: "/dashboard/vendor/uplot/",
    decorateReply: false,
    allowedPath: (pathName) => UPLOT_FILES.has(pathName),
    maxAge: 86_400_000,
  });
  app.get("/dashboard", { schema: { hide: true } }, (_request, reply) => reply.sendFile("index.html", dashboardDir));
}
