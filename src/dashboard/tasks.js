// The tasks table: the tenant's tasks from GET /tasks, sortable by any column, filtered by id, each linked to its own view.
// @ts-check
import { encode } from "./api.js";
import { ago, el } from "./dom.js";
import { createListing } from "./listing.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["TaskSummary"]} TaskSummary */

/** @param {TaskSummary["by_category"]} byCategory */
function categories(byCategory) {
  const entries = Object.entries(byCategory).sort((a, b) => b[1] - a[1]);
  return el("ul", { class: "tags" }, entries.map(([name, count]) => el("li", {}, `${name} ${count}`)));
}

const tasks = createListing({
  path: "/tasks",
  field: "tasks",
  label: "Tasks",
  tableId: "tasks-table",
  moreId: "tasks-more",
  filterId: "tasks-filter",
  nothing: "No task has captured a failure yet.",
  sort: { key: "updated_at", descending: true, idKey: "task_id" },
  /** @type {import("./listing.js").ListingColumn<TaskSummary>[]} */
  columns: [
    { key: "task_id", header: "Task", cell: (task) => el("a", { href: `#/tasks/${encode(task.task_id)}` }, task.task_id) },
    { key: "total_lessons", header: "Lessons kept", className: "number", cell: (task) => task.total_lessons },
    { key: "total_captured", header: "Failures", className: "number", cell: (task) => task.total_captured },
    { key: "by_category", header: "By category", cell: (task) => categories(task.by_category), sortValue: (task) => Object.values(task.by_category).reduce((a, b) => a + b, 0) },
    { key: "last_error_type", header: "Last error", cell: (task) => el("code", { class: "name" }, task.last_error_type ?? "–") },
    { key: "resolved", header: "Resolved", cell: (task) => (task.resolved ? "yes" : "no") },
    { key: "updated_at", header: "Last active", cell: (task) => ago(task.updated_at) },
  ],
});

export const renderTasks = tasks.render;
