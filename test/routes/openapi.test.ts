// The OpenAPI document: committed file equals what the code generates, passes a validator and both linters, documents every route.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { renderOpenApiDocument } from "../../src/openapi-document.js";
import { memoryStoreFactory } from "../helpers/stores.js";
import { useHttpApp } from "../helpers/http.js";

const committedPath = new URL("../../openapi/openapi.json", import.meta.url);
const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);

// Clients are generated from these names: changing one breaks every caller, so the list is spelled out.
const OPERATION_IDS = [
  "getLiveness", "getReadiness", "getMetrics", "getOpenApiDocument",
  "captureLesson", "listLessons", "clearLessons", "getLessonPrompt", "listLessonSignatures", "getLessonStats", "getLesson", "deleteLesson",
  "resolveTask", "getResolution", "deleteResolution", "listTenantSignatures",
  "recordToolCall", "searchToolCalls", "getToolCall", "listToolPatterns", "getToolPattern", "getKnownFix", "getArgHints",
  "getErrorGuidance", "getSuccessTemplate", "getSessionStats", "getSessionSettings", "putSessionSettings", "getSessionPrompt", "getSessionSummary",
  "exportSessionMemory", "importSessionMemory", "resetSessionMemory",
  "listSharedTools", "getSharedToolKnowledge", "forgetSharedTool", "getSharedFix", "getSharedErrorGuidance",
  "getContext", "listTasks", "listSessions", "getOverview", "getToolActivity", "getEfficacy", "streamEvents", "recall", "recallByBody",
  "exportTraces", "exportLogs",
];

type Operation = { operationId: string; requestBody?: { content: Record<string, { schema: object; example?: unknown }> }; responses: Record<string, { content?: Record<string, { schema: object; example?: unknown }> }> };

function operationsOf(document: { paths: Record<string, Record<string, Operation>> }): Operation[] {
  return Object.values(document.paths).flatMap((item) => Object.values(item));
}

describe("OpenAPI document", () => {
  const ctx = useHttpApp(memoryStoreFactory);

  it("is committed exactly as the code generates it (run `npm run openapi` after changing a schema)", async () => {
    expect(readFileSync(committedPath, "utf8")).toBe(await renderOpenApiDocument());
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const document = JSON.parse(readFileSync(committedPath, "utf8"));
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
  });

  it("gives every operation an operationId, tags, a summary and problem responses", () => {
    const document = JSON.parse(readFileSync(committedPath, "utf8"));
    const operations = operationsOf(document) as Array<Operation & { tags: string[]; summary: string }>;
    expect(operations.map((operation) => operation.operationId).sort()).toEqual([...OPERATION_IDS].sort());
    const ids = new Set<string>();
    for (const operation of operations) {
      expect(operation.operationId).toEqual(expect.any(String));
      expect(operation.tags.length).toBeGreaterThan(0);
      expect(operation.summary).toEqual(expect.any(String));
      ids.add(operation.operationId);
      const errors = Object.entries(operation.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [, response] of errors) {
        expect(Object.keys((response as { content: object }).content)).toEqual(["application/problem+json"]);
      }
    }
    expect(ids.size).toBe(operations.length);
  });

  it("is served at /openapi.json and the docs UI at /docs", async () => {
    const served = await ctx.http.get("/openapi.json");
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(readFileSync(committedPath, "utf8")));
    const docs = await ctx.http.get("/docs/").redirects(1);
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("swagger");
  });

  it("sends Try it out to the origin that served it, on any port or behind any proxy: its server is relative", async () => {
    const served = await ctx.http.get("/openapi.json");
    expect(served.body.servers).toEqual([{ url: "/", description: "The instance that serves this document" }]);
    // What Swagger UI loads is the same document.
    expect((await ctx.http.get("/docs/json")).body.servers).toEqual(served.body.servers);
  });

  it("passes Redocly's recommended rules and Spectral's OpenAPI ruleset with no problem at all", async () => {
    const redocly = await run(`${root}node_modules/.bin/redocly`, ["lint", "openapi/openapi.json"], {
      cwd: root,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    // Redocly boxes a notice about the Node.js version it will need next; that is not about the document.
    const redoclyOutput = (redocly.stdout + redocly.stderr)
      .split("\n")
      .filter((line) => !/[║╔╚]/.test(line))
      .join("\n");
    expect(redoclyOutput).toContain("Your API description is valid");
    expect(redoclyOutput).not.toMatch(/warning|error/i);
    // --fail-severity=hint: a hint fails the run too.
    const spectral = await run(`${root}node_modules/.bin/spectral`, ["lint", "openapi/openapi.json", "--fail-severity=hint"], { cwd: root });
    expect(spectral.stdout).toContain("No results with a severity of 'hint' or higher found");
  }, 60_000);

  it("has an example on every request body and on the main responses, each valid against its schema", () => {
    const document = JSON.parse(readFileSync(committedPath, "utf8"));
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = (schema: object, example: unknown) => {
      const check = ajv.compile({ ...schema, components: document.components });
      return check(example) ? [] : (check.errors ?? []);
    };
    let responses = 0;
    for (const operation of operationsOf(document)) {
      const request = operation.requestBody?.content["application/json"];
      if (operation.requestBody) {
        expect(request?.example, `${operation.operationId} has no request example`).toBeDefined();
        expect(validate(request!.schema, request!.example), operation.operationId).toEqual([]);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.["application/json"];
        if (media?.example === undefined) continue;
        responses += 1;
        expect(validate(media.schema, media.example), `${operation.operationId} ${status}`).toEqual([]);
      }
    }
    expect(responses).toBeGreaterThanOrEqual(30);
  });

  it("has one component per shape: no unused ones, and no input copy that equals its output form", () => {
    const document = JSON.parse(readFileSync(committedPath, "utf8"));
    const text = JSON.stringify(document.paths) + JSON.stringify(document.components.schemas);
    for (const name of Object.keys(document.components.schemas)) {
      expect(text, `${name} is never referenced`).toContain(`"#/components/schemas/${name}"`);
    }
    expect(Object.keys(document.components.schemas).filter((name) => name.endsWith("Input") && name !== "ToolCallInput")).toEqual([]);
  });
});
