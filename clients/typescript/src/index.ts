// The agent-lessons TypeScript client: createClient, its errors, and the generated types of every schema.
export { createClient, type AgentLessonsClient, type CallOptions, type ClientOptions, type Input, type Output } from "./client.js";
export { ConnectionError, ProblemError, type FieldError } from "./errors.js";
export type { components, operations, paths } from "./generated/schema.js";

import type { components } from "./generated/schema.js";
/** The document's named schemas, e.g. `Schemas["Lesson"]`. */
export type Schemas = components["schemas"];
