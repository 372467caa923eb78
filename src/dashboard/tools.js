// The tools table: what every session of the tenant taught about each tool (GET /tools, then each tool's knowledge);
// #/tools/<name> shows the same table with that tool's row marked, so other views can link to a tool.
import { encode, get } from "./api.js";
import { ago, el, fill, percent, table } from "./dom.js";

const TOOLS_SHOWN = 50;

function errorTypes(knowledge) {
  const errors = [...(knowledge?.error_patterns ?? [])].sort((a, b) => b.count - a.count);
  if (errors.length === 0) return "–";
  return el("ul", { class: "tags" }, errors.map((error) => el("li", {}, el("code", {}, error.error_type), ` ${error.count}`)));
}

/** Marks the selected tool's row and brings it into view, or says that it is not among the tools shown. */
function select(rows, selected) {
  const note = document.getElementById("tools-note");
  note.hidden = selected === null;
  if (selected === null) return;
  const index = rows.findIndex((tool) => tool.tool_name === selected);
  if (index === -1) {
    fill(note, el("code", {}, selected), ` is not among the ${TOOLS_SHOWN} most called tools.`);
    return;
  }
  fill(note, "Showing ", el("code", {}, selected), ".");
  const row = document.querySelectorAll("#tools-table tbody tr")[index];
  row.classList.add("selected");
  row.setAttribute("aria-current", "true");
  row.tabIndex = -1;
  row.focus();
}

/** Fetches the tenant's tools and their error patterns and draws the table, marking the selected tool if any. */
export async function renderTools(selected = null) {
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
  select(rows, selected);
}
