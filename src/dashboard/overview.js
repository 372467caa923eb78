// The overview: activity counts as cards, and charts of activity, success rate and failures by category (uPlot).
import uPlot from "/dashboard/vendor/uplot/uPlot.esm.js";
import { get } from "./api.js";
import { el, fill, percent, table } from "./dom.js";

/** Per container: its chart, and what its series are, so new data redraws in place and a new shape rebuilds. */
const charts = new Map();
const seconds = (iso) => Date.parse(iso) / 1000;

function card(label, value, detail) {
  return el("div", { class: "card" }, el("span", { class: "card-value" }, value), el("span", { class: "card-label" }, label), detail ? el("span", { class: "card-detail" }, detail) : null);
}

/** Draws (or redraws with new data) one chart in its container, as wide as the container. */
function draw(id, options, data) {
  const container = document.getElementById(id);
  const width = Math.max(260, container.clientWidth || 600);
  const { key, ...chartOptions } = options;
  const existing = charts.get(id);
  if (existing?.key === key) {
    existing.chart.setData(data);
    return;
  }
  existing?.chart.destroy();
  container.replaceChildren();
  charts.set(id, { key, chart: new uPlot({ width, height: 220, ...chartOptions }, data, container) });
  sized.observe(container);
}

function activityChart(hour) {
  const xs = hour.timeline.map((point) => seconds(point.at));
  draw(
    "activity-chart",
    {
      key: "activity",
      series: [
        {},
        { label: "Tool calls", stroke: "#2563eb", width: 2 },
        { label: "Successes", stroke: "#16a34a", width: 2 },
        { label: "Failures captured", stroke: "#dc2626", width: 2 },
        { label: "Fixes", stroke: "#9333ea", width: 2 },
      ],
      axes: [{}, { label: "per minute" }],
    },
    [xs, hour.timeline.map((p) => p.tool_calls), hour.timeline.map((p) => p.successes), hour.timeline.map((p) => p.lessons), hour.timeline.map((p) => p.fixes)],
  );
}

function successChart(day) {
  draw(
    "success-chart",
    {
      key: "success",
      // Points as well as the line: an hour with calls between two without is a point, not a line.
      series: [{}, { label: "Success rate", stroke: "#16a34a", width: 2, fill: "rgba(22,163,74,0.1)", points: { show: true, size: 7 }, value: (_u, v) => (v === null ? "–" : percent(v)) }],
      scales: { y: { range: [0, 1] } },
      axes: [{}, { values: (_u, ticks) => ticks.map((v) => percent(v)) }],
    },
    [day.timeline.map((point) => seconds(point.at)), day.timeline.map((point) => (point.tool_calls === 0 ? null : point.successes / point.tool_calls))],
  );
}

function categoryChart(overview) {
  const entries = Object.entries(overview.failures_by_category).sort((a, b) => b[1] - a[1]);
  const names = entries.map(([name]) => name);
  draw(
    "category-chart",
    {
      key: `categories:${names.join(",")}`,
      scales: { x: { time: false, range: [-0.5, Math.max(names.length, 1) - 0.5] }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      series: [{ label: "Category", value: (_u, i) => names[i] ?? "" }, { label: "Failures", fill: "#f97316", stroke: "#c2410c", paths: uPlot.paths.bars({ size: [0.6] }), points: { show: false } }],
      axes: [{ splits: () => names.map((_name, i) => i), values: () => names, rotate: -40, size: 70 }, {}],
      legend: { show: true },
    },
    [names.map((_name, i) => i), entries.map(([, count]) => count)],
  );
  table(
    document.getElementById("category-table"),
    [
      { header: "Category", cell: ([name]) => name },
      { header: "Failures", className: "number", cell: ([, count]) => count },
    ],
    entries,
    "Failures by category",
  );
}

/** Fetches the overview (hour and day) and draws the cards and charts. */
export async function renderOverview() {
  const [hour, day] = await Promise.all([get("/overview?window=hour"), get("/overview?window=day")]);
  const calls = hour.timeline.reduce((sum, p) => sum + p.tool_calls, 0);
  const successes = hour.timeline.reduce((sum, p) => sum + p.successes, 0);
  const failures = hour.timeline.reduce((sum, p) => sum + p.lessons, 0);
  fill(
    document.getElementById("overview-cards"),
    card("tasks active in the last hour", hour.tasks.active_last_hour, `${hour.tasks.active_last_day} in the last day`),
    card("sessions active in the last hour", hour.sessions.active_last_hour, `${hour.sessions.active_last_day} in the last day`),
    card("failures captured in the last hour", failures),
    card("tool calls in the last hour", calls, calls === 0 ? "no calls" : `${percent(successes / calls)} succeeded`),
  );
  activityChart(hour);
  successChart(day);
  categoryChart(hour);
}

// A container can narrow without the window resizing (a scrollbar appears as the page fills in),
// so each chart follows its own container rather than the window.
const sized = new ResizeObserver((entries) => {
  for (const { target } of entries) charts.get(target.id)?.chart.setSize({ width: Math.max(260, target.clientWidth), height: 220 });
});
