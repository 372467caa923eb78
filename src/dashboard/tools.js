// The tools table: what every session of the tenant taught about each tool (GET /tools, then each tool's knowledge), filtered by name; each row opens its tool's view.
import { encode, get } from "./api.js";
import { ago, el, percent, table } from "./dom.js";
import { onLoadFailure } from "./listing.js";

const TOOLS_SHOWN = 50;
const FILTER_DELAY_MS = 250;
const NAME_CHARACTERS = /^[A-Za-z0-9._:-]*$/;

function errorTypes(knowledge) {
  const errors = [...(knowledge?.error_patterns ?? [])].sort((a, b) => b.count - a.count);
  if (errors.length === 0) return "–";
  return el("ul", { class: "tags" }, errors.map((error) => el("li", {}, el("code", { class: "name" }, error.error_type), ` ${error.count}`)));
}

let prefix = "";

/** Fetches the tenant's tools (those starting with the filter's text) and their error patterns, and draws the table. */
export async function renderTools() {
  const node = document.getElementById("tools-table");
  const columns = [
    { header: "Tool", cell: (tool) => el("a", { href: `#/tools/${encode(tool.tool_name)}` }, el("code", {}, tool.tool_name)) },
    { header: "Calls", className: "number", cell: (tool) => tool.total_calls },
    { header: "Success rate", className: "number", cell: (tool) => percent(tool.success_rate) },
    { header: "Failures by error type", cell: (tool) => errorTypes(tool.knowledge) },
    { header: "Fixes learned", className: "number", cell: (tool) => tool.fixes_learned },
    { header: "Sessions", className: "number", cell: (tool) => tool.sessions_seen },
    { header: "Last used", cell: (tool) => ago(tool.last_used_at) },
  ];
  if (!NAME_CHARACTERS.test(prefix)) return table(node, columns, [], "Tools shared across sessions", "Tool names have only letters, digits and . _ : -");
  const { tools } = await get(`/tools?limit=${TOOLS_SHOWN}${prefix ? `&prefix=${encode(prefix)}` : ""}`);
  const knowledge = await Promise.all(tools.map((tool) => get(`/tools/${encode(tool.tool_name)}`)));
  const rows = tools.map((tool, i) => ({ ...tool, knowledge: knowledge[i] }));
  table(node, columns, rows, "Tools shared across sessions", prefix ? `No tool name starts with “${prefix}”.` : "No session has recorded a tool call yet.");
}

let pending = null;
document.getElementById("tools-filter").addEventListener("input", (event) => {
  clearTimeout(pending);
  pending = setTimeout(() => {
    prefix = event.target.value.trim();
    renderTools().catch((error) => onLoadFailure.handle(error));
  }, FILTER_DELAY_MS);
});
