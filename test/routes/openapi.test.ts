// The OpenAPI document: committed file equals what the code generates, passes a validator, documents every route.
import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { renderOpenApiDocument } from "../../src/openapi-document.js";
import { memoryStoreFactory } from "../helpers/stores.js";
import { useHttpApp } from "../helpers/http.js";

const committedPath = new URL("../../openapi/openapi.json", import.meta.url);

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
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item as object));
    expect(operations).toHaveLength(39);
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
});
