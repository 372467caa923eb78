// The generated OpenAPI document as plain JSON, the shape every pass that reads and rewrites it works on.
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
export type OpenApiDocument = JsonObject & { paths: Record<string, Record<string, JsonObject>>; components: JsonObject };
