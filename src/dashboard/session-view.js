// One session: its counts, its calls, the fixes detected in it and the prompt a fresh session would get.
// @ts-check
import { encode, get, getText } from "./api.js";
import { ago, byId, card, el, fill, milliseconds, percent, table, toolLink } from "./dom.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SessionStats"]} SessionStats */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ToolCallList"]} ToolCallList */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ToolLogEntry"]} ToolLogEntry */

const CALLS_SHOWN = 100;

/** @param {ToolLogEntry[]} calls */
function callsTable(calls) {
  const node = el("table", { id: "session-calls" });
  table(
    node,
    [
      { header: "Call", cell: (call) => el("code", { class: "name" }, call.id) },
      { header: "Tool", cell: (call) => toolLink(call.tool_name) },
      { header: "Outcome", cell: (call) => el("span", { class: `outcome ${call.outcome}` }, call.outcome) },
      { header: "Arguments", className: "message", cell: (call) => el("code", { class: "args" }, JSON.stringify(call.arguments)) },
      { header: "Error", className: "message", cell: (call) => (call.error_type ? [el("code", {}, call.error_type), call.error_message ? ` ${call.error_message}` : ""] : "–") },
      { header: "Time", className: "number", cell: (call) => (call.execution_time_ms === null ? "–" : milliseconds(call.execution_time_ms)) },
      { header: "Fixed", cell: (call) => (call.fix_for ? `fixed ${call.fix_for}` : call.fixed_by ? `fixed by ${call.fixed_by}` : "") },
      { header: "When", cell: (call) => ago(call.timestamp) },
    ],
    calls,
    "Calls, newest first",
  );
  return el("div", { class: "scroll" }, node);
}

/** @param {ToolLogEntry[]} fixes calls that fixed an earlier failure */
function fixesTable(fixes) {
  const node = el("table", { id: "session-fixes" });
  table(
    node,
    [
      { header: "Tool", cell: (call) => toolLink(call.tool_name) },
      { header: "Failure", cell: (call) => el("code", { class: "name" }, call.fix_for) },
      { header: "Fixed by", cell: (call) => el("code", { class: "name" }, call.id) },
      { header: "What changed", className: "message", cell: (call) => el("code", { class: "args" }, JSON.stringify(call.delta_args)) },
      { header: "When", cell: (call) => ago(call.timestamp) },
    ],
    fixes,
    "Fixes detected, newest first",
    "No success in this session fixed an earlier failure yet.",
  );
  return el("div", { class: "scroll" }, node);
}

/**
 * Fetches everything about one session and shows it.
 * @param {string} sessionId
 */
export async function renderSession(sessionId) {
  const base = `/sessions/${encode(sessionId)}`;
  /** @type {[SessionStats, ToolCallList, ToolCallList, string]} */
  const [stats, calls, fixes, prompt] = await Promise.all([
    get(`${base}/stats`),
    get(`${base}/tool-calls?limit=${CALLS_SHOWN}`),
    get(`${base}/tool-calls?only_fixes=true&limit=${CALLS_SHOWN}`),
    getText(`${base}/prompt`),
  ]);
  fill(byId("session-title"), "Session ", el("code", {}, sessionId));
  const none = stats.total_calls === 0;
  fill(
    byId("session-detail"),
    el("p", {}, el("a", { href: "#/sessions" }, "← All sessions")),
    none
      ? el("p", { class: "no-data" }, "This session keeps no calls: none was recorded, it was reset, or its data expired.")
      : el(
          "div",
          { class: "cards" },
          card("calls kept", stats.total_calls),
          card("succeeded", percent(stats.success_rate)),
          card("fixes detected", stats.total_fixes_detected),
          card("tools", stats.tools_tracked),
        ),
    el("h3", {}, "Fixes detected"),
    fixesTable(fixes.calls),
    el("h3", {}, `Calls${calls.calls.length === CALLS_SHOWN ? ` (the latest ${CALLS_SHOWN})` : ""}`),
    callsTable(calls.calls),
    el("h3", {}, "Prompt for a fresh session"),
    el("pre", { class: "prompt", tabindex: 0 }, prompt || "(empty: no calls)"),
  );
}
