// The tools table: what every session of the tenant taught about each tool (GET /tools, then each tool's knowledge), sortable, filtered by name; each row opens its tool's view.
// @ts-check
import { encode, find } from "./api.js";
import { ago, el, percent, toolLink } from "./dom.js";
import { createListing } from "./listing.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SharedToolSummary"]} SharedToolSummary */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SharedToolKnowledge"]} SharedToolKnowledge */
/**
 * A row: the tool as listed, and its knowledge once fetched (null when it expired since it was listed).
 * @typedef {SharedToolSummary & { knowledge?: SharedToolKnowledge | null }} ToolRow
 */

/** @param {SharedToolKnowledge | null | undefined} knowledge */
function errorTypes(knowledge) {
  const errors = [...(knowledge?.error_patterns ?? [])].sort((a, b) => b.count - a.count);
  if (errors.length === 0) return "–";
  return el("ul", { class: "tags" }, errors.map((error) => el("li", {}, el("code", { class: "name" }, error.error_type), ` ${error.count}`)));
}

/** @param {ToolRow} tool */
const failures = (tool) => (tool.knowledge?.error_patterns ?? []).reduce((sum, error) => sum + error.count, 0);

const tools = createListing({
  path: "/tools",
  field: "tools",
  label: "Tools",
  tableId: "tools-table",
  moreId: "tools-more",
  filterId: "tools-filter",
  nothing: "No session has recorded a tool call yet.",
  // The 50 most called (or, filtered, the first 50 by name), each with its error patterns.
  page: 50,
  /** @param {SharedToolSummary[]} items */
  enrich: (items) =>
    Promise.all(
      items.map(async (tool) => {
        /** @type {SharedToolKnowledge | null} */
        const knowledge = await find(`/tools/${encode(tool.tool_name)}`);
        return { ...tool, knowledge };
      }),
    ),
  sort: { key: "total_calls", descending: true, idKey: "tool_name" },
  /** @type {import("./listing.js").ListingColumn<ToolRow>[]} */
  columns: [
    { key: "tool_name", header: "Tool", cell: (tool) => toolLink(tool.tool_name) },
    { key: "total_calls", header: "Calls", className: "number", cell: (tool) => tool.total_calls },
    { key: "success_rate", header: "Success rate", className: "number", cell: (tool) => percent(tool.success_rate) },
    { key: "errors", header: "Failures by error type", cell: (tool) => errorTypes(tool.knowledge), sortValue: failures },
    { key: "fixes_learned", header: "Fixes learned", className: "number", cell: (tool) => tool.fixes_learned },
    { key: "sessions_seen", header: "Sessions", className: "number", cell: (tool) => tool.sessions_seen },
    { key: "last_used_at", header: "Last used", cell: (tool) => ago(tool.last_used_at) },
  ],
});

export const renderTools = tools.render;
