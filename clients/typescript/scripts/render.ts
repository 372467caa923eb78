// Renders the client's generated sources from the committed OpenAPI document: the types, and one entry per operation.
import { readFileSync } from "node:fs";
import openapiTS, { astToString } from "openapi-typescript";

export const DOCUMENT = new URL("../../../openapi/openapi.json", import.meta.url);
export const GENERATED = new URL("../src/generated/", import.meta.url);

const HEADER = "// Generated from openapi/openapi.json by `npm run generate -w @agent-lessons/client`; do not edit.\n";

interface Document {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

/** The media types an operation's success replies come in, so the client knows how to read them. */
function successTypes(responses: Document["paths"][string][string]["responses"]): string[] {
  return Object.entries(responses)
    .filter(([status]) => status.startsWith("2"))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
}

/** schema.ts (openapi-typescript's types) and operations.ts (each operationId's method and path). */
export async function renderClientSources(): Promise<{ "schema.ts": string; "operations.ts": string }> {
  const text = readFileSync(DOCUMENT, "utf8");
  const types = astToString(await openapiTS(text));
  const document = JSON.parse(text) as Document;
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) =>
        `  ${operation.operationId}: { method: "${method.toUpperCase()}", path: "${path}", responses: ${JSON.stringify(successTypes(operation.responses))} },`,
    ),
  );
  const operations = `${HEADER}\nexport const OPERATIONS = {\n${entries.join("\n")}\n} as const;\n\nexport type OperationId = keyof typeof OPERATIONS;\n`;
  return { "schema.ts": `${HEADER}\n${types}`, "operations.ts": operations };
}
