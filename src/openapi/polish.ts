// Finishes the document generated from the zod schemas: one component per shape, no noise bounds, described responses.
import { readFileSync } from "node:fs";
import { describeHeaders } from "./headers.js";
import type { Json, JsonObject, OpenApiDocument } from "./json.js";

// The walks below read and rewrite the generated document in place.

const REF_PREFIX = "#/components/schemas/";
// z.int() bounds every integer by the safe integers, which the docs UI then offers as examples.
const SAFE_INT_BOUNDS = new Set([Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER]);

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Calls `visit` on every object in the tree, parents before children. */
function walk(value: Json, visit: (node: JsonObject) => void): void {
  if (Array.isArray(value)) for (const item of value) walk(item, visit);
  else if (isObject(value)) {
    visit(value);
    for (const child of Object.values(value)) walk(child, visit);
  }
}

function schemasOf(doc: OpenApiDocument): Record<string, JsonObject> {
  return (doc.components.schemas ??= {}) as Record<string, JsonObject>;
}

function renameRefs(tree: Json, from: string, to: string): void {
  walk(tree, (node) => {
    if (node.$ref === REF_PREFIX + from) node.$ref = REF_PREFIX + to;
  });
}

/** Components the paths use, directly or through other components. */
function reachableSchemas(doc: OpenApiDocument): Set<string> {
  const schemas = schemasOf(doc);
  const reached = new Set<string>();
  const pending: Json[] = [doc.paths];
  while (pending.length > 0) {
    walk(pending.pop()!, (node) => {
      const ref = node.$ref;
      if (typeof ref !== "string" || !ref.startsWith(REF_PREFIX)) return;
      const name = ref.slice(REF_PREFIX.length);
      if (reached.has(name)) return;
      reached.add(name);
      if (schemas[name]) pending.push(schemas[name]);
    });
  }
  return reached;
}

/** A schema as compared across its input and output forms: closing objects is an output-only detail. */
function shapeOf(schema: JsonObject): string {
  return JSON.stringify(schema, (key, value: Json) => (key === "additionalProperties" && value === false ? undefined : value));
}

/**
 * A default in a request schema reads as "always present" to generators (openapi-typescript makes
 * such fields required), yet a client may leave the field out: the default moves into the text.
 */
function optionalDefaults(schema: JsonObject): JsonObject {
  for (const property of Object.values(isObject(schema.properties) ? schema.properties : {})) {
    if (!isObject(property) || !("default" in property)) continue;
    const text = `Default: ${JSON.stringify(property.default)}`;
    property.description = typeof property.description === "string" ? `${property.description}. ${text}` : text;
    delete property.default;
  }
  return schema;
}

/**
 * The generator writes every registered schema twice, as read (`XInput`) and as written (`X`).
 * Where both forms have the same shape they become one; an input-only schema takes the plain name;
 * unused components go. What stays as `XInput` really differs from `X` (defaults make fields optional).
 */
function mergeInputTwins(doc: OpenApiDocument): void {
  const schemas = schemasOf(doc);
  for (let merged = true; merged; ) {
    merged = false;
    for (const name of Object.keys(schemas)) {
      const base = name.slice(0, -"Input".length);
      if (!name.endsWith("Input") || !schemas[base] || shapeOf(schemas[name]!) !== shapeOf(schemas[base]!)) continue;
      delete schemas[name];
      renameRefs(doc, name, base);
      merged = true;
    }
  }
  const reached = reachableSchemas(doc);
  for (const name of Object.keys(schemas)) {
    const base = name.slice(0, -"Input".length);
    if (!name.endsWith("Input") || !reached.has(name) || reached.has(base)) continue;
    schemas[base] = optionalDefaults(schemas[name]!);
    delete schemas[name];
    renameRefs(doc, name, base);
  }
  const used = reachableSchemas(doc);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

function dropSafeIntBounds(doc: OpenApiDocument): void {
  walk(doc, (node) => {
    if (node.type !== "integer") return;
    if (typeof node.minimum === "number" && SAFE_INT_BOUNDS.has(node.minimum)) delete node.minimum;
    if (typeof node.maximum === "number" && SAFE_INT_BOUNDS.has(node.maximum)) delete node.maximum;
  });
}

/** "Default Response" says nothing: a response takes its schema's description, or its status's meaning. */
function describeResponses(doc: OpenApiDocument): void {
  const schemas = schemasOf(doc);
  for (const operation of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
    for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
      if (response.description !== "Default Response") continue;
      const schema = Object.values((response.content ?? {}) as Record<string, JsonObject>)[0]?.schema;
      const ref = isObject(schema) && typeof schema.$ref === "string" ? schemas[schema.$ref.slice(REF_PREFIX.length)] : undefined;
      const described = (isObject(schema) && schema.description) || ref?.description;
      response.description = typeof described === "string" ? described : status === "204" ? "Done; no body" : "OK";
    }
  }
}

const SCOPE_WORDS: Record<string, string> = {
  read: "Scope: read (any key).",
  write: "Scope: write (a write or admin key); a read key gets 403 INSUFFICIENT_SCOPE.",
  admin: "Scope: admin (an admin key); a read or write key gets 403 INSUFFICIENT_SCOPE.",
};

/**
 * Each protected operation's scope, as its route declares it (x-required-scope, which @fastify/swagger
 * copies from the route schema): said in its description too, with the 403 it may answer.
 */
function describeScopes(doc: OpenApiDocument): void {
  for (const operation of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
    const scope = operation["x-required-scope"];
    if (typeof scope !== "string") continue;
    operation.description = `${typeof operation.description === "string" ? `${operation.description} ` : ""}${SCOPE_WORDS[scope]}`;
    if (scope === "read") continue;
    const responses = operation.responses as Record<string, JsonObject>;
    responses["403"] = {
      description: `The key's scope is below ${scope}: nothing was done`,
      content: { "application/problem+json": { schema: { $ref: `${REF_PREFIX}Problem` } } },
    };
  }
}

interface RecordedExample {
  request?: Json;
  response?: { status: number; body: Json };
}

// Bodies from a real exchange with the service (scripts/write-openapi-examples.ts), by operationId.
const EXAMPLES = JSON.parse(readFileSync(new URL("./examples.json", import.meta.url), "utf8")) as Record<string, RecordedExample>;

/** Puts each recorded request and response body on its operation, as the media type's example. */
function addExamples(doc: OpenApiDocument): void {
  for (const operation of Object.values(doc.paths).flatMap((item) => Object.values(item))) {
    const recorded = EXAMPLES[String(operation.operationId)];
    if (!recorded) continue;
    const requestBody = operation.requestBody as JsonObject | undefined;
    const requestMedia = isObject(requestBody?.content) ? requestBody.content["application/json"] : undefined;
    if (recorded.request !== undefined && isObject(requestMedia)) requestMedia.example = recorded.request;
    const response = recorded.response && (operation.responses as Record<string, JsonObject>)[String(recorded.response.status)];
    const responseMedia = response && isObject(response.content) ? response.content["application/json"] : undefined;
    if (recorded.response && isObject(responseMedia)) responseMedia.example = recorded.response.body;
  }
}

/** Applies every finishing step, in place, and returns the document. */
export function polishDocument(doc: OpenApiDocument): OpenApiDocument {
  mergeInputTwins(doc);
  dropSafeIntBounds(doc);
  describeResponses(doc);
  describeHeaders(doc);
  describeScopes(doc);
  addExamples(doc);
  return doc;
}
