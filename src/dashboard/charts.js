// Bar charts of counts over time (uPlot) and horizontal bars of counts by name: counts per minute or hour are bars.
// @ts-check
import uPlot from "/dashboard/vendor/uplot/uPlot.esm.js";
import { byId, el, fill } from "./dom.js";

/**
 * One series of bars: its values per point; align -1 or 1 puts two series side by side.
 * @typedef {{ label: string, color: string, values: number[], align?: -1 | 1 }} BarSeries
 */
/**
 * A chart drawn: the shape it was built for (`key`), and what the readout says of the point at an index.
 * @typedef {{ key: string, chart: uPlot, readout: HTMLElement, describeAt: (index: number) => string }} DrawnChart
 */

const HEIGHT = 220;
/**
 * Per container: its chart and the shape it was built for, so new data redraws in place and a new shape rebuilds.
 * @type {Map<string, DrawnChart>}
 */
const charts = new Map();
// Whole counts only on the y axis: never a tick at 0.5 calls.
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];
// uPlot's builds all have the bars path builder; its types call each builder optional.
const bars = uPlot.paths.bars ?? missing("uPlot.paths.bars");

/**
 * The points worth drawing: from just before the first one with data to the current one, at least
 * `min` of them (12 minutes or 6 hours unless told), so an hour with one burst at its end is not
 * an hour of empty axis. Empty when no point has data.
 * @template {{ at: string }} P
 * @param {P[]} timeline
 * @param {(point: P) => boolean} hasData
 * @param {number} [min]
 * @returns {P[]}
 */
export function fromFirstData(timeline, hasData, min) {
  const first = timeline.findIndex(hasData);
  if (first === -1) return [];
  const [zero, one] = timeline;
  const hourly = zero !== undefined && one !== undefined && Date.parse(one.at) - Date.parse(zero.at) >= 3_600_000;
  const shown = min ?? (hourly ? 6 : 12);
  return timeline.slice(Math.max(0, Math.min(first - 1, timeline.length - shown)));
}

/**
 * A short local time for a point: the hour and minute, with the day when the range spans days.
 * @param {string} iso
 * @param {boolean} [withDay]
 */
export function pointTime(iso, withDay) {
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return withDay ? `${date.toLocaleDateString([], { weekday: "short", day: "numeric" })} ${time}` : time;
}

/**
 * Draws bars per point in a container. Each series is { label, color, values, align } (align -1/1
 * puts two series side by side; stacked series are drawn largest first, each over the one before).
 * The legend names the series without values (an idle cursor has none to show); hovering a point
 * writes its counts in the readout line under the chart instead.
 * @template {{ at: string }} P
 * @param {string} id the container's id
 * @param {{ key: string, series: BarSeries[], unitMs: number, describe: (point: P) => string }} shape
 * @param {P[]} points
 */
export function drawBars(id, { key, series, unitMs, describe }, points) {
  const container = byId(id);
  const xs = points.map((point) => Date.parse(point.at) / 1000);
  const half = unitMs / 2000;
  const readout = el("p", { class: "readout", "aria-hidden": "true" });
  /** @param {number} index */
  const describeAt = (index) => {
    const point = points[index];
    return point === undefined ? "" : describe(point);
  };
  /** @type {uPlot.Options} */
  const options = {
    width: Math.max(260, container.clientWidth || 600),
    height: HEIGHT,
    legend: { live: false },
    cursor: { points: { show: false }, drag: { x: false, y: false } },
    scales: {
      // From the data each time it is drawn, so a redraw in place follows the clock.
      x: { time: true, range: (_u, min, max) => [min - half, max + half] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    series: [
      { label: "" },
      ...series.map((s) => ({
        label: s.label,
        fill: s.color,
        stroke: s.color,
        width: 0,
        points: { show: false },
        paths: bars({ size: [s.align ? 0.42 : 0.8, 48], align: s.align ?? 0 }),
      })),
    ],
    axes: [{}, { incrs: COUNT_STEPS, values: (_u, ticks) => ticks.map((v) => v.toLocaleString()) }],
    hooks: {
      setCursor: [
        (u) => {
          const drawn = charts.get(id);
          const i = u.cursor.idx;
          if (drawn) drawn.readout.textContent = i === null || i === undefined ? "" : drawn.describeAt(i);
        },
      ],
    },
  };
  /** @type {uPlot.AlignedData} */
  const data = [xs, ...series.map((s) => s.values)];
  const existing = charts.get(id);
  if (existing?.key === key && container.contains(existing.readout)) {
    existing.describeAt = describeAt;
    existing.chart.setData(data);
    return;
  }
  existing?.chart.destroy();
  fill(container);
  const chart = new uPlot(options, data, container);
  container.append(readout);
  charts.set(id, { key, chart, readout, describeAt });
  sized.observe(container);
}

/**
 * Says there is nothing to draw, in place of a chart of empty axes.
 * @param {string} id the container's id
 * @param {string} text
 */
export function noData(id, text) {
  charts.get(id)?.chart.destroy();
  charts.delete(id);
  fill(byId(id), el("p", { class: "no-data" }, text));
}

/**
 * Counts by name as horizontal bars, the largest first; names are never cut or broken.
 * @param {[name: string, count: number][]} entries
 * @param {string} label
 */
export function horizontalBars(entries, label) {
  const largest = Math.max(1, ...entries.map(([, count]) => count));
  return el(
    "ol",
    { class: "hbars", "aria-label": label },
    entries.map(([name, count]) => {
      const bar = el("span", { class: "hbar" });
      // A property set through the CSSOM, not a style attribute: the dashboard's CSP allows no inline style.
      bar.style.width = `${Math.round((count / largest) * 1000) / 10}%`;
      return el("li", {}, el("span", { class: "hbar-label" }, name), el("span", { class: "hbar-track" }, bar), el("span", { class: "hbar-value" }, count.toLocaleString()));
    }),
  );
}

// A container can narrow without the window resizing (a scrollbar appears as the page fills in),
// so each chart follows its own container rather than the window.
const sized = new ResizeObserver((entries) => {
  for (const { target } of entries) charts.get(target.id)?.chart.setSize({ width: Math.max(260, target.clientWidth), height: HEIGHT });
});

/**
 * Stops the module where a library lacks what it is known to have.
 * @param {string} what
 * @returns {never}
 */
function missing(what) {
  throw new Error(`${what} is missing`);
}
