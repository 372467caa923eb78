// The tasks table: the tenant's tasks from GET /tasks, sortable by any column, each linked to its own view.
import { encode, get } from "./api.js";
import { ago, el, table } from "./dom.js";

const state = { tasks: [], cursor: null, sort: { key: "updated_at", descending: true } };

const columns = [
  { key: "task_id", header: "Task", cell: (task) => el("a", { href: `#/tasks/${encode(task.task_id)}` }, task.task_id) },
  { key: "total_lessons", header: "Lessons kept", className: "number", cell: (task) => task.total_lessons },
  { key: "total_captured", header: "Failures", className: "number", cell: (task) => task.total_captured },
  { key: "by_category", header: "By category", cell: (task) => categories(task.by_category) },
  { key: "last_error_type", header: "Last error", cell: (task) => el("code", {}, task.last_error_type ?? "–") },
  { key: "resolved", header: "Resolved", cell: (task) => (task.resolved ? "yes" : "no") },
  { key: "updated_at", header: "Last active", cell: (task) => ago(task.updated_at) },
];

function categories(byCategory) {
  const entries = Object.entries(byCategory).sort((a, b) => b[1] - a[1]);
  return el("ul", { class: "tags" }, entries.map(([name, count]) => el("li", {}, `${name} ${count}`)));
}

const sortValue = (task, key) => (key === "by_category" ? Object.values(task.by_category).reduce((a, b) => a + b, 0) : task[key]);

function sorted() {
  const { key, descending } = state.sort;
  return [...state.tasks].sort((a, b) => {
    const [x, y] = [sortValue(a, key), sortValue(b, key)];
    const order = x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return descending ? -order : order;
  });
}

/** A header cell whose button sorts by its column; aria-sort tells assistive technology the order. */
function header(column) {
  const active = state.sort.key === column.key;
  const toggle = () => {
    state.sort = { key: column.key, descending: active ? !state.sort.descending : column.key !== "task_id" };
    draw();
    document.querySelector(`#tasks-table th[data-key="${column.key}"] button`)?.focus();
  };
  return el("th", { scope: "col", "data-key": column.key, "aria-sort": active ? (state.sort.descending ? "descending" : "ascending") : "none" }, el("button", { type: "button", onclick: toggle }, column.header, active ? (state.sort.descending ? " ▼" : " ▲") : ""));
}

function draw() {
  table(document.getElementById("tasks-table"), columns.map((column) => ({ ...column, header: header(column) })), sorted(), "Tasks");
  document.getElementById("tasks-more").hidden = state.cursor === null;
}

/** Loads the first page of tasks again (or the next one with more) and draws the table. */
export async function renderTasks({ more = false } = {}) {
  const page = await get(`/tasks?limit=100${more && state.cursor ? `&cursor=${encode(state.cursor)}` : ""}`);
  state.tasks = more ? [...state.tasks, ...page.tasks] : page.tasks;
  state.cursor = page.next_cursor;
  draw();
}

/** Set by main.js: how a failed load is shown (a 401 asks for the key again). */
export const onLoadFailure = { handle: (error) => console.error(error) };

document.getElementById("tasks-more").addEventListener("click", () => renderTasks({ more: true }).catch((error) => onLoadFailure.handle(error)));
