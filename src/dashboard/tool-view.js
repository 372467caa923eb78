// One tool: its counts and latency, its success over time, its error patterns with their fixes and how they fared, and the sessions that used it last.
// @ts-check
import { encode, find, get } from "./api.js";
import { drawBars, fromFirstData, noData, pointTime } from "./charts.js";
import { ago, byId, card, el, fill, milliseconds, percent, table } from "./dom.js";
import { markRange } from "./overview.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SharedErrorPattern"]} SharedErrorPattern */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SharedToolKnowledge"]} SharedToolKnowledge */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ToolActivity"]} ToolActivity */
/** @typedef {ToolActivity["window"]} Range */

const RANGE_KEY = "agent-lessons.tool-range";
/** @type {Record<Range, string>} */
const LABELS = { day: "last day", week: "last 7 days" };

/**
 * Whether a text is one of the ranges.
 * @param {string | null} value
 * @returns {value is Range}
 */
const isRange = (value) => value !== null && Object.hasOwn(LABELS, value);

/** The range chosen for tool views in this browser, the last day at first. */
export const toolRange = {
  /** @returns {Range} */
  get: () => {
    const stored = localStorage.getItem(RANGE_KEY);
    return isRange(stored) ? stored : "day";
  },
  /** @param {string} range */
  set: (range) => localStorage.setItem(RANGE_KEY, range),
};

/**
 * @param {SharedToolKnowledge} knowledge
 * @param {ToolActivity} activity
 * @param {Range} range
 */
function cards(knowledge, activity, range) {
  const { latency } = activity;
  return el(
    "div",
    { class: "cards", id: "tool-cards" },
    card("calls", knowledge.total_calls.toLocaleString(), `${percent(knowledge.total_calls === 0 ? 0 : knowledge.success_count / knowledge.total_calls)} succeeded`),
    card("sessions", knowledge.sessions_seen.toLocaleString(), `last used ${ago(knowledge.last_used_at).textContent}`),
    card("fixes learned", knowledge.fixes_learned.toLocaleString(), `${knowledge.efficacy.worked} of ${knowledge.efficacy.offered} offers worked`),
    latency
      ? card(`p50 / p95, ${LABELS[range]}`, `${milliseconds(latency.p50_ms)} / ${milliseconds(latency.p95_ms)}`, `over ${latency.calls.toLocaleString()} timed ${latency.calls === 1 ? "call" : "calls"}`)
      : card(`p50 / p95, ${LABELS[range]}`, "–", "no call reported its execution_time_ms"),
  );
}

/**
 * @param {ToolActivity} activity
 * @param {Range} range
 */
function successChart(activity, range) {
  const points = fromFirstData(activity.timeline, (p) => p.calls > 0);
  const [first] = points;
  if (first === undefined) return noData("tool-chart", `No call in the ${LABELS[range]}.`);
  const withDay = range === "week";
  fill(byId("tool-chart-caption"), `Calls per hour, since ${pointTime(first.at, withDay)}`);
  drawBars(
    "tool-chart",
    {
      key: `tool:${activity.tool_name}:${range}`,
      unitMs: 3_600_000,
      series: [
        { label: "Failed", color: "#ef4444", values: points.map((p) => p.calls) },
        { label: "Succeeded", color: "#16a34a", values: points.map((p) => p.successes) },
      ],
      describe: (p) => `${pointTime(p.at, withDay)}: ${p.calls} calls, ${p.calls === 0 ? "none" : percent(p.successes / p.calls)} succeeded`,
    },
    points,
  );
}

/** @param {SharedErrorPattern} pattern */
function fixesOf(pattern) {
  const node = el("table", { class: "compact" });
  table(
    node,
    [
      // fix_text shows each value whole up to 120 characters; typical_fix, the tool memory's wording, cuts them to 20.
      { header: "Fix", className: "message", cell: (fix) => el("code", {}, fix.fix_text) },
      { header: "Applied", className: "number", cell: (fix) => fix.times_applied },
      { header: "Offered", className: "number", cell: (fix) => fix.efficacy.offered },
      { header: "Worked / adopted", className: "number", cell: (fix) => `${fix.efficacy.worked} / ${fix.efficacy.adopted}` },
      { header: "Score", className: "number", cell: (fix) => fix.efficacy.score.toFixed(2) },
      { header: "Status", cell: (fix) => (fix.efficacy.retired ? el("span", { class: "badge retired", title: "Failed too often: no longer offered" }, "retired") : "offered") },
      { header: "Last applied", cell: (fix) => ago(fix.last_applied_at) },
    ],
    pattern.fixes,
    `Fixes for ${pattern.error_type}`,
    "No fix learned for this error yet.",
  );
  return node;
}

/** @param {SharedToolKnowledge} knowledge */
function errorPatterns(knowledge) {
  const patterns = [...knowledge.error_patterns].sort((a, b) => b.count - a.count);
  if (patterns.length === 0) return el("p", { class: "no-data" }, "No failure recorded for this tool.");
  return el(
    "div",
    { id: "tool-errors" },
    patterns.map((pattern) =>
      el(
        "section",
        { class: "error-pattern", "aria-label": pattern.error_type },
        el("h4", {}, el("code", {}, pattern.error_type), ` · ${pattern.count.toLocaleString()} ${pattern.count === 1 ? "failure" : "failures"}`),
        el("div", { class: "scroll" }, fixesOf(pattern)),
      ),
    ),
  );
}

/** @param {ToolActivity} activity */
function recentSessions(activity) {
  const node = el("table", { id: "tool-sessions", class: "compact" });
  table(
    node,
    [
      { header: "Session", cell: (s) => el("a", { href: `#/sessions/${encode(s.session_id)}` }, s.session_id) },
      { header: "Last called it", cell: (s) => ago(s.last_used_at) },
    ],
    activity.recent_sessions,
    "Sessions that called the tool most recently",
  );
  return node;
}

let latest = 0;

/**
 * Fetches one tool's knowledge and activity and shows them, or says that no session called it.
 * @param {string} tool
 */
export async function renderTool(tool) {
  const range = toolRange.get();
  markRange("tool-range", range);
  const request = ++latest;
  /** @type {[SharedToolKnowledge | null, ToolActivity]} */
  const [knowledge, activity] = await Promise.all([find(`/tools/${encode(tool)}`), get(`/tools/${encode(tool)}/activity?window=${range}`)]);
  // Two quick range changes: only the last one's answer is drawn.
  if (request !== latest) return;
  fill(byId("tool-title"), "Tool ", el("code", {}, tool));
  const back = el("p", {}, el("a", { href: "#/tools" }, "← All tools"));
  const detail = byId("tool-detail");
  if (!knowledge) return fill(detail, back, el("p", { class: "no-data" }, "No session of this tenant has called this tool, or what it taught has expired."));
  fill(
    detail,
    back,
    cards(knowledge, activity, range),
    el("div", { class: "charts" }, el("figure", {}, el("figcaption", { id: "tool-chart-caption" }, `Calls per hour, ${LABELS[range]}`), el("div", { class: "chart", id: "tool-chart" })), el("figure", {}, el("figcaption", {}, "Sessions that called it most recently"), recentSessions(activity))),
    el("h3", {}, "Error patterns and their fixes"),
    el("p", { class: "hint" }, "Fixes best first, by how often they fixed the error against how often they failed when an agent took them."),
    errorPatterns(knowledge),
  );
  successChart(activity, range);
}
