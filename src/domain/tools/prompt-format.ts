// Entry point for the four procedural-memory prompt formats (split across two files to keep them small).
export { formatToolContext, relevantSuccessPatterns } from "./prompt-context.js";
export type { ToolContextOptions, ToolMemoryInput } from "./prompt-context.js";
export { formatErrorGuidance, formatSuccessTemplate, formatSummary } from "./prompt-extras.js";
export type { SummaryInput } from "./prompt-extras.js";
