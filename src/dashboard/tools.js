// The tools table: what every session of the tenant taught about each tool (GET /tools, then each tool's knowledge), sortable, filtered by name; each row opens its tool's view.
import { encode, get } from "./api.js";
import { ago, el, percent, toolLink } from "./dom.js";
import { createListing } from "./listing.js";

function errorTypes(knowledge) {
  const errors = [...(knowledge?.error_patterns ?? [])].sort((a, b) => b.count - a.count);
  if (errors.length === 0) return "–";
  return el("ul", { class: "tags" }, errors.map((error) => el("li", {}, el("code", { class: "name" }, error.error_type), ` ${error.count}`)));
}

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
  enrich: async (items) => {
    const knowledge = await Promise.all(items.map((tool) => get(`/tools/${encode(tool.tool_name)}`)));
    return items.map((tool, i) => ({ ...tool, knowledge: knowledge[i] }));
  },
  sort: { key: "total_calls", descending: true, idKey: "tool_name" },
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
