// How much of each tool's history a pattern keeps; shared by both stores so they agree exactly.

/** Distinct values remembered per argument name (oldest first out). */
export const MAX_VALUES_PER_ARGUMENT = 5;

/** Distinct goals remembered per error pattern (oldest first out). */
export const MAX_CONTEXTS_PER_ERROR = 5;

/** Success patterns kept per tool (oldest first out). */
export const MAX_SUCCESS_PATTERNS = 10;

/** Recent call ids kept per tool for the prompt; also the cap on `max_recent_calls`. */
export const RECENT_CALLS_PER_TOOL = 50;
