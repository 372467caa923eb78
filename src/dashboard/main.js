// Starts the dashboard: asks for the API key when the service wants one, routes between views, keeps the live parts live.
import { ApiError, apiKey } from "./api.js";
import { startFeed } from "./feed.js";
import { fill } from "./dom.js";
import { renderImpact } from "./impact.js";
import { renderOverview } from "./overview.js";
import { renderTask } from "./task-view.js";
import { onLoadFailure, renderTasks } from "./tasks.js";
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

async function route() {
  setStatus("");
  clearInterval(refreshTimer);
  try {
    const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
    if (hash.startsWith("tasks/")) {
      show("task-view");
      await renderTask(hash.slice("tasks/".length));
    } else if (hash === "tasks") {
      show("tasks-view");
      await renderTasks();
    } else if (hash === "tools" || hash.startsWith("tools/")) {
      show("tools-view");
      await renderTools(hash.startsWith("tools/") ? hash.slice("tools/".length) : null);
    } else if (hash === "impact") {
      show("impact-view");
      await renderImpact();
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
