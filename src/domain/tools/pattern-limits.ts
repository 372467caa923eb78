// How much of each tool's history a pattern keeps; shared by both stores so they agree exactly.

/** Distinct values remembered per argument name (oldest first out). */
export const MAX_VALUES_PER_ARGUMENT = 5;

/** Distinct goals remembered per error pattern (oldest first out). */
export const MAX_CONTEXTS_PER_ERROR = 5;

/** Success patterns kept per tool (oldest first out). */
export const MAX_SUCCESS_PATTERNS = 10;

/** Recent call ids kept per tool for the prompt; also the cap on `max_recent_calls`. */
export const RECENT_CALLS_PER_TOOL = 50;

/**
 * Distinct argument names kept per tool. Past it, the name seen least recently (by the tool's call
 * number, ties by name) is forgotten with its values, and `dropped_argument_names` counts it: a tool
 * called with a new name on every call keeps a bounded pattern, and each call costs what it touches.
 */
export const MAX_ARGUMENT_NAMES_PER_TOOL = 64;

/** Distinct error types kept per tool, forgotten least recently seen first, counted in `dropped_error_types`. */
export const MAX_ERROR_TYPES_PER_TOOL = 32;

/**
 * Tools whose pattern a session keeps. Past it, the pattern of the tool called least recently is forgotten
 * (its calls stay in the log) and the session's `dropped_tools` counts it: what one session holds, and
 * what renewing its expiry costs, stays bounded however many tools an agent invents.
 */
export const MAX_TOOLS_PER_SESSION = 128;
