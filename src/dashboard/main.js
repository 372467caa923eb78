// Starts the dashboard: asks for the API key when the service wants one, routes between views, keeps the live parts live.
import { ApiError, apiKey } from "./api.js";
import { startFeed } from "./feed.js";
import { fill } from "./dom.js";
import { renderImpact } from "./impact.js";
import { onLoadFailure } from "./listing.js";
import { overviewRange, renderOverview } from "./overview.js";
import { renderSession } from "./session-view.js";
import { renderSessions } from "./sessions.js";
import { renderTask } from "./task-view.js";
import { renderTasks } from "./tasks.js";
import { renderTool, toolRange } from "./tool-view.js";
import { renderTools } from "./tools.js";

const OVERVIEW_REFRESH_MS = 10_000;
const $ = (id) => document.getElementById(id);
let stopFeed = null;
let refreshTimer = null;
let pendingRefresh = null;

function setStatus(text) {
  $("status").textContent = text;
}

function askForKey(message) {
  stopFeed?.();
  stopFeed = null;
  $("views").hidden = true;
  $("key-form").hidden = false;
  $("key-message").textContent = message;
  $("key-input").focus();
}

function show(viewId) {
  for (const section of $("views").children) section.hidden = section.id !== viewId;
}

/** Redraws the overview at most every 2 s while events stream in. */
function refreshSoon() {
  if (pendingRefresh || $("overview-view").hidden) return;
  pendingRefresh = setTimeout(() => {
    pendingRefresh = null;
    renderOverview().catch(failed);
  }, 2000);
}

function failed(error) {
  if (error instanceof ApiError && error.status === 401) {
    const hadKey = apiKey.get() !== null;
    apiKey.clear();
    $("forget-key").hidden = true;
    askForKey(hadKey ? "That API key was not accepted (401). Enter a valid key." : "This service asks for an API key. It is kept in this tab only (sessionStorage).");
    return;
  }
  setStatus(`Could not load: ${error.message}`);
}

/** The view for a hash: `#/tasks/<id>`, `#/sessions`, `#/tools/<name>`, … and the overview for anything else. */
const VIEWS = [
  { prefix: "tasks/", view: "task-view", render: renderTask },
  { exact: "tasks", view: "tasks-view", render: () => renderTasks() },
  { prefix: "sessions/", view: "session-view", render: renderSession },
  { exact: "sessions", view: "sessions-view", render: () => renderSessions() },
  { prefix: "tools/", view: "tool-view", render: renderTool },
  { exact: "tools", view: "tools-view", render: () => renderTools() },
  { exact: "impact", view: "impact-view", render: () => renderImpact() },
];

async function route() {
  setStatus("");
  clearInterval(refreshTimer);
  try {
    const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
    const match = VIEWS.find((v) => (v.exact ? hash === v.exact : hash.startsWith(v.prefix)));
    if (match) {
      show(match.view);
      await match.render(match.prefix ? hash.slice(match.prefix.length) : undefined);
    } else {
      show("overview-view");
      await renderOverview();
      refreshTimer = setInterval(() => renderOverview().catch(failed), OVERVIEW_REFRESH_MS);
    }
    $("views").hidden = false;
    $("key-form").hidden = true;
    stopFeed ??= startFeed($("feed"), { onActivity: refreshSoon, onUnauthorized: () => failed(new ApiError(401)) });
  } catch (error) {
    failed(error);
  }
}

/** A range group's buttons remember their choice and redraw their view. */
function rangeButtons(groupId, store, redraw) {
  $(groupId).addEventListener("click", (event) => {
    const range = event.target.closest("button")?.dataset.range;
    if (!range) return;
    store.set(range);
    redraw().catch(failed);
  });
}

rangeButtons("overview-range", overviewRange, () => renderOverview());
rangeButtons("tool-range", toolRange, () => renderTool(decodeURIComponent(location.hash.replace(/^#\/?tools\//, ""))));

$("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const key = $("key-input").value.trim();
  if (!key) return;
  apiKey.set(key);
  $("key-input").value = "";
  $("forget-key").hidden = false;
  fill($("feed"));
  route();
});

$("forget-key").addEventListener("click", () => {
  apiKey.clear();
  $("forget-key").hidden = true;
  location.reload();
});

$("forget-key").hidden = apiKey.get() === null;
onLoadFailure.handle = failed;
addEventListener("hashchange", route);
route();
