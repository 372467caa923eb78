// The sessions table: the tenant's sessions from GET /sessions, sortable by any column, filtered by id, each linked to its own view.
// @ts-check
import { encode } from "./api.js";
import { ago, el, percent } from "./dom.js";
import { createListing } from "./listing.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SessionSummary"]} SessionSummary */

const sessions = createListing({
  path: "/sessions",
  field: "sessions",
  label: "Sessions",
  tableId: "sessions-table",
  moreId: "sessions-more",
  filterId: "sessions-filter",
  nothing: "No session has recorded a tool call yet.",
  sort: { key: "updated_at", descending: true, idKey: "session_id" },
  /** @type {import("./listing.js").ListingColumn<SessionSummary>[]} */
  columns: [
    { key: "session_id", header: "Session", cell: (session) => el("a", { href: `#/sessions/${encode(session.session_id)}` }, session.session_id) },
    { key: "total_calls", header: "Calls kept", className: "number", cell: (session) => session.total_calls },
    { key: "success_rate", header: "Success rate", className: "number", cell: (session) => percent(session.success_rate) },
    { key: "total_fixes_detected", header: "Fixes detected", className: "number", cell: (session) => session.total_fixes_detected },
    { key: "tools_tracked", header: "Tools", className: "number", cell: (session) => session.tools_tracked },
    { key: "updated_at", header: "Last active", cell: (session) => ago(session.updated_at) },
  ],
});

export const renderSessions = sessions.render;
