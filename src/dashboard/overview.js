// The overview for the chosen range: totals as cards, calls and failures as bars, categories, latency per tool.
// @ts-check
import { get } from "./api.js";
import { drawBars, fromFirstData, horizontalBars, noData, pointTime } from "./charts.js";
import { byId, card, el, fill, milliseconds, percent, table, toolLink } from "./dom.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["TenantOverview"]} TenantOverview */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ActivityPoint"]} ActivityPoint */
/** @typedef {TenantOverview["window"]} Range */

const RANGE_KEY = "agent-lessons.range";
/** @type {Record<Range, { label: string, unit: string, unitMs: number }>} */
export const RANGES = {
  hour: { label: "last hour", unit: "minute", unitMs: 60_000 },
  day: { label: "last day", unit: "hour", unitMs: 3_600_000 },
  week: { label: "last 7 days", unit: "hour", unitMs: 3_600_000 },
};

/**
 * Whether a text is one of the ranges.
 * @param {string | null} value
 * @returns {value is Range}
 */
const isRange = (value) => value !== null && Object.hasOwn(RANGES, value);

/** The range chosen in this browser (kept across visits), the last hour at first. */
export const overviewRange = {
  /** @returns {Range} */
  get: () => {
    const stored = localStorage.getItem(RANGE_KEY);
    return isRange(stored) ? stored : "hour";
  },
  /** @param {string} range */
  set: (range) => localStorage.setItem(RANGE_KEY, range),
};

/**
 * @param {ActivityPoint[]} points
 * @param {Exclude<keyof ActivityPoint, "at">} field
 */
const sum = (points, field) => points.reduce((total, point) => total + point[field], 0);
/**
 * @param {number} n
 * @param {string} one
 * @param {string} [many]
 */
const plural = (n, one, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * Whether the overview has nothing at all to show: no failure kept (failures_by_category counts every
 * kept lesson, whatever the range), no task or session active in the last day, and no count in the
 * range's timeline or latency. The overview sees no further back than that, so the hint shown then
 * claims no more (a tenant whose agents only called tools, days ago, reads as empty too).
 * @param {TenantOverview} overview
 */
function isEmpty(overview) {
  const { tasks, sessions, failures_by_category: categories, timeline, tool_latency: latency } = overview;
  const counted = timeline.some((p) => p.lessons > 0 || p.tool_calls > 0 || p.successes > 0 || p.fixes > 0 || p.tokens_used > 0 || p.duration_ms > 0);
  return tasks.active_last_day === 0 && sessions.active_last_day === 0 && Object.keys(categories).length === 0 && !counted && latency.length === 0;
}

/**
 * "3.4 min" style, for the time failed attempts took.
 * @param {number} ms
 */
function duration(ms) {
  if (ms < 60_000) return `${Math.round(ms / 100) / 10} s`;
  if (ms < 3_600_000) return `${Math.round(ms / 6_000) / 10} min`;
  return `${Math.round(ms / 360_000) / 10} h`;
}

/**
 * @param {TenantOverview} overview
 * @param {Range} range
 */
function cards(overview, range) {
  const { timeline } = overview;
  const calls = sum(timeline, "tool_calls");
  const tokens = sum(timeline, "tokens_used");
  const spent = sum(timeline, "duration_ms");
  const span = RANGES[range].label;
  return [
    card("tasks active in the last hour", overview.tasks.active_last_hour, `${overview.tasks.active_last_day} in the last day`, "tasks"),
    card("sessions active in the last hour", overview.sessions.active_last_hour, `${overview.sessions.active_last_day} in the last day`, "sessions"),
    card(`failures captured, ${span}`, sum(timeline, "lessons").toLocaleString(), `${plural(sum(timeline, "fixes"), "fix", "fixes")} detected in tool calls`, "failures"),
    card(`tool calls, ${span}`, calls.toLocaleString(), calls === 0 ? "none yet" : `${percent(sum(timeline, "successes") / calls)} succeeded`, "calls"),
    card(`tokens spent on failed attempts, ${span}`, tokens.toLocaleString(), spent === 0 ? "no attempt reported its time" : `over ${duration(spent)} of attempts`, "tokens"),
  ];
}

/**
 * @param {TenantOverview} overview
 * @param {Range} range
 */
function callsChart(overview, range) {
  const { unitMs, unit } = RANGES[range];
  const points = fromFirstData(overview.timeline, (p) => p.tool_calls > 0);
  const caption = byId("calls-caption");
  const [first] = points;
  if (first === undefined) {
    fill(caption, "Tool calls");
    return noData("calls-chart", `No tool call in the ${RANGES[range].label}.`);
  }
  const withDay = range === "week";
  fill(caption, `Tool calls per ${unit}, since ${pointTime(first.at, withDay)}`);
  drawBars(
    "calls-chart",
    {
      key: `calls:${range}`,
      unitMs,
      // The failed share is the total's bar with the succeeded bar drawn over it.
      series: [
        { label: "Failed", color: "#ef4444", values: points.map((p) => p.tool_calls) },
        { label: "Succeeded", color: "#16a34a", values: points.map((p) => p.successes) },
      ],
      describe: (p) => `${pointTime(p.at, withDay)}: ${plural(p.tool_calls, "call")}, ${p.successes.toLocaleString()} succeeded`,
    },
    points,
  );
}

/**
 * @param {TenantOverview} overview
 * @param {Range} range
 */
function failuresChart(overview, range) {
  const { unitMs, unit } = RANGES[range];
  const points = fromFirstData(overview.timeline, (p) => p.lessons > 0 || p.fixes > 0);
  const caption = byId("failures-caption");
  const [first] = points;
  if (first === undefined) {
    fill(caption, "Failures captured and fixes detected");
    return noData("failures-chart", `No failure captured and no fix detected in the ${RANGES[range].label}.`);
  }
  const withDay = range === "week";
  fill(caption, `Failures captured and fixes detected per ${unit}, since ${pointTime(first.at, withDay)}`);
  drawBars(
    "failures-chart",
    {
      key: `failures:${range}`,
      unitMs,
      series: [
        { label: "Failures captured", color: "#dc2626", align: -1, values: points.map((p) => p.lessons) },
        { label: "Fixes detected", color: "#9333ea", align: 1, values: points.map((p) => p.fixes) },
      ],
      describe: (p) => `${pointTime(p.at, withDay)}: ${plural(p.lessons, "failure")} captured, ${plural(p.fixes, "fix", "fixes")} detected`,
    },
    points,
  );
}

/** @param {TenantOverview} overview */
function categories(overview) {
  const entries = Object.entries(overview.failures_by_category).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  fill(byId("category-bars"), entries.length === 0 ? el("p", { class: "no-data" }, "No failure captured yet.") : horizontalBars(entries, "Failures by category"));
}

/** @type {string | null} */
let drawnLatency = null;

/**
 * @param {TenantOverview} overview
 * @param {Range} range
 */
function latency(overview, range) {
  const since = new Date(overview.latency_since);
  fill(byId("latency-caption"), `Tool latency, ${range === "hour" ? `since ${since.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : RANGES[range].label}`);
  // Redrawn only when it changed, so a keyboard user's focus on one of its links survives a refresh.
  const shown = JSON.stringify(overview.tool_latency);
  if (shown === drawnLatency) return;
  drawnLatency = shown;
  table(
    byId("latency-table", HTMLTableElement),
    [
      { header: "Tool", cell: (row) => toolLink(row.tool_name) },
      { header: "Timed calls", className: "number", cell: (row) => row.calls.toLocaleString() },
      { header: "p50", className: "number", cell: (row) => milliseconds(row.p50_ms) },
      { header: "p95", className: "number", cell: (row) => milliseconds(row.p95_ms) },
    ],
    overview.tool_latency,
    "Tool latency, the most called tools first",
    "No call reported its execution_time_ms.",
  );
}

/**
 * Marks the chosen range's button pressed.
 * @param {string} groupId
 * @param {string} range
 */
export function markRange(groupId, range) {
  for (const button of byId(groupId).querySelectorAll("button")) button.setAttribute("aria-pressed", String(button.dataset.range === range));
}

/** Fetches the overview for the chosen range and draws the cards, charts and tables. */
let latest = 0;

export async function renderOverview() {
  const range = overviewRange.get();
  markRange("overview-range", range);
  // A refresh and a range change can cross: only the request made last is drawn.
  const request = ++latest;
  /** @type {TenantOverview} */
  const overview = await get(`/overview?window=${range}`);
  if (request !== latest) return;
  byId("overview-empty").hidden = !isEmpty(overview);
  fill(byId("overview-cards"), cards(overview, range));
  callsChart(overview, range);
  failuresChart(overview, range);
  categories(overview);
  latency(overview, range);
}
