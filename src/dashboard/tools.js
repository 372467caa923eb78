// The tools table: what every session of the tenant taught about each tool (GET /tools, then each tool's knowledge).
import { encode, get } from "./api.js";
import { ago, el, percent, table } from "./dom.js";

const TOOLS_SHOWN = 50;

function errorTypes(knowledge) {
  const errors = [...(knowledge?.error_patterns ?? [])].sort((a, b) => b.count - a.count);
  if (errors.length === 0) return "–";
  return el("ul", { class: "tags" }, errors.map((error) => el("li", {}, el("code", {}, error.error_type), ` ${error.count}`)));
}

/** Fetches the tenant's tools and their error patterns and draws the table. */
export async function renderTools() {
  const { tools } = await get(`/tools?limit=${TOOLS_SHOWN}`);
  const knowledge = await Promise.all(tools.map((tool) => get(`/tools/${encode(tool.tool_name)}`)));
  const rows = tools.map((tool, i) => ({ ...tool, knowledge: knowledge[i] }));
  table(
    document.getElementById("tools-table"),
    [
      { header: "Tool", cell: (tool) => el("code", {}, tool.tool_name) },
      { header: "Calls", className: "number", cell: (tool) => tool.total_calls },
      { header: "Success rate", className: "number", cell: (tool) => percent(tool.success_rate) },
      { header: "Failures by error type", cell: (tool) => errorTypes(tool.knowledge) },
      { header: "Fixes learned", className: "number", cell: (tool) => tool.fixes_learned },
      { header: "Sessions", className: "number", cell: (tool) => tool.sessions_seen },
      { header: "Last used", cell: (tool) => ago(tool.last_used_at) },
    ],
    rows,
    "Tools shared across sessions",
  );
}
