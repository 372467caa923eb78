// Starts the dashboard: asks for the API key when the service wants one, routes between views, keeps the live parts live.
// @ts-check
import { ApiError, apiKey } from "./api.js";
import { startFeed } from "./feed.js";
import { byId, fill } from "./dom.js";
import { renderImpact } from "./impact.js";
import { onLoadFailure } from "./listing.js";
import { overviewRange, renderOverview } from "./overview.js";
import { renderRecall } from "./recall.js";
import { renderSession } from "./session-view.js";
import { renderSessions } from "./sessions.js";
import { renderTask } from "./task-view.js";
import { renderTasks } from "./tasks.js";
import { renderTool, toolRange } from "./tool-view.js";
import { renderTools } from "./tools.js";

const OVERVIEW_REFRESH_MS = 10_000;
/** @type {(() => void) | null} */
let stopFeed = null;
/** @type {number | undefined} */
let refreshTimer;
/** @type {number | null} */
let pendingRefresh = null;

/** @param {string} text */
function setStatus(text) {
  byId("status").textContent = text;
}

/** @param {string} message */
function askForKey(message) {
  stopFeed?.();
  stopFeed = null;
  byId("views").hidden = true;
  byId("key-form").hidden = false;
  byId("key-message").textContent = message;
  byId("key-input").focus();
}

/** @param {string} viewId */
function show(viewId) {
  for (const section of byId("views").children) if (section instanceof HTMLElement) section.hidden = section.id !== viewId;
}

/** Redraws the overview at most every 2 s while events stream in. */
function refreshSoon() {
  if (pendingRefresh || byId("overview-view").hidden) return;
  pendingRefresh = setTimeout(() => {
    pendingRefresh = null;
    renderOverview().catch(failed);
  }, 2000);
}

/** @param {unknown} error */
function failed(error) {
  if (error instanceof ApiError && error.status === 401) {
    const hadKey = apiKey.get() !== null;
    apiKey.clear();
    byId("forget-key").hidden = true;
    askForKey(hadKey ? "That API key was not accepted (401). Enter a valid key." : "This service asks for an API key. It is kept in this tab only (sessionStorage).");
    return;
  }
  setStatus(`Could not load: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * A view and the hashes that show it: exactly one, or those with a prefix, whose rest names what it shows.
 * @typedef {{ view: string } & ({ exact: string, prefix?: undefined, render: () => Promise<unknown> } | { prefix: string, exact?: undefined, render: (rest: string) => Promise<unknown> })} View
 */

/**
 * The view for a hash: `#/tasks/<id>`, `#/sessions`, `#/tools/<name>`, `#/recall`, … and the overview for anything else.
 * @type {View[]}
 */
const VIEWS = [
  { prefix: "tasks/", view: "task-view", render: renderTask },
  { exact: "tasks", view: "tasks-view", render: () => renderTasks() },
  { prefix: "sessions/", view: "session-view", render: renderSession },
  { exact: "sessions", view: "sessions-view", render: () => renderSessions() },
  { prefix: "tools/", view: "tool-view", render: renderTool },
  { exact: "tools", view: "tools-view", render: () => renderTools() },
  { exact: "impact", view: "impact-view", render: () => renderImpact() },
  // The query stays in the view's text box, never in the hash: it can be long and may hold secrets.
  { exact: "recall", view: "recall-view", render: () => renderRecall() },
];

async function route() {
  setStatus("");
  clearInterval(refreshTimer);
  try {
    const hash = decodeURIComponent(location.hash.replace(/^#\/?/, ""));
    const match = VIEWS.find((v) => (v.exact !== undefined ? hash === v.exact : hash.startsWith(v.prefix)));
    if (match) {
      show(match.view);
      await (match.prefix !== undefined ? match.render(hash.slice(match.prefix.length)) : match.render());
    } else {
      show("overview-view");
      await renderOverview();
      refreshTimer = setInterval(() => renderOverview().catch(failed), OVERVIEW_REFRESH_MS);
    }
    byId("views").hidden = false;
    byId("key-form").hidden = true;
    stopFeed ??= startFeed(byId("feed"), { onActivity: refreshSoon, onUnauthorized: () => failed(new ApiError(401)) });
  } catch (error) {
    failed(error);
  }
}

/**
 * A range group's buttons remember their choice and redraw their view.
 * @param {string} groupId
 * @param {{ set: (range: string) => void }} store
 * @param {() => Promise<unknown>} redraw
 */
function rangeButtons(groupId, store, redraw) {
  byId(groupId).addEventListener("click", (event) => {
    const range = event.target instanceof Element ? event.target.closest("button")?.dataset.range : undefined;
    if (!range) return;
    store.set(range);
    redraw().catch(failed);
  });
}

rangeButtons("overview-range", overviewRange, () => renderOverview());
rangeButtons("tool-range", toolRange, () => renderTool(decodeURIComponent(location.hash.replace(/^#\/?tools\//, ""))));

byId("key-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = byId("key-input", HTMLInputElement);
  const key = input.value.trim();
  if (!key) return;
  apiKey.set(key);
  input.value = "";
  byId("forget-key").hidden = false;
  fill(byId("feed"));
  route();
});

byId("forget-key").addEventListener("click", () => {
  apiKey.clear();
  byId("forget-key").hidden = true;
  location.reload();
});

byId("forget-key").hidden = apiKey.get() === null;
onLoadFailure.handle = failed;
addEventListener("hashchange", route);
route();
