// The recall view: a pasted error or stack trace looked up with POST /recall; each failure the tenant met like it, with what fixed it.
// @ts-check
import { ApiError, encode, post } from "./api.js";
import { ago, byId, el, fill, toolLink } from "./dom.js";
import { onLoadFailure } from "./listing.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["RecallAnswer"]} RecallAnswer */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["RecallMatch"]} RecallMatch */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["RecallQuery"]} RecallQuery */
/** @typedef {NonNullable<RecallQuery["kind"]>} Kind */

/** What the service accepts of a query (MAX_RECALL_QUERY_CHARS): it reads only the first 2,000, so a longer paste is cut rather than refused. */
const MAX_QUERY_CHARS = 100_000;
/** More than the API's default of 5: at night, a sixth match read is cheaper than a second search. */
const LIMIT = 10;
/** @type {Record<Kind, string>} */
const AMONG = { all: "", lessons: " among its lessons", tools: " among its tools' failures" };

/**
 * Whether a text is one of the kinds.
 * @param {string} value
 * @returns {value is Kind}
 */
const isKind = (value) => Object.hasOwn(AMONG, value);

/** @param {string} id */
const taskLink = (id) => el("a", { href: `#/tasks/${encode(id)}` }, id);
/** @param {string} id */
const sessionLink = (id) => el("a", { href: `#/sessions/${encode(id)}` }, id);

/**
 * Links, comma-separated; "–" when there is none.
 * @param {string[]} ids
 * @param {(id: string) => HTMLAnchorElement} link
 */
const links = (ids, link) => (ids.length === 0 ? "–" : ids.flatMap((id, i) => (i === 0 ? [link(id)] : [", ", link(id)])));

/** @param {number} count */
const times = (count) => `${count.toLocaleString()} ${count === 1 ? "time" : "times"}`;

/**
 * Why it matched: the query would be placed in this very template, or the words they share.
 * @param {RecallMatch["why"]} why
 */
function matched(why) {
  if (why.same_template) return el("strong", { class: "same-failure" }, "same failure");
  if (why.terms.length === 0) return "–";
  return el("ul", { class: "tags", "aria-label": "Matched terms" }, why.terms.map((term) => el("li", {}, el("code", {}, term))));
}

/**
 * What fixed it: for a lesson, the latest resolution of a task that had it; for a tool's failure, the tool's best fix.
 * @param {RecallMatch} match
 */
function remedy(match) {
  if (match.kind === "lesson") {
    const { resolution } = match;
    return [
      el("dt", {}, "What worked"),
      el("dd", { class: "remedy" }, resolution ? [el("span", { class: "approach" }, resolution.approach), el("span", { class: "by" }, " in task ", taskLink(resolution.task_id), ", ", ago(resolution.resolved_at))] : "No task with this failure is resolved yet."),
      el("dt", {}, "Tasks"),
      el("dd", { class: "tasks" }, links(match.task_ids, taskLink)),
    ];
  }
  const { fix } = match;
  return [
    el("dt", {}, "Fix"),
    // fix_text, values whole: typical_fix cuts them to 20 characters, too short to act on.
    el("dd", { class: "remedy" }, fix ? [el("code", { class: "fix" }, fix.fix_text), el("span", { class: "by" }, ` applied ${times(fix.times_applied)}`, fix.efficacy.retired ? [" ", el("span", { class: "badge retired", title: "Failed too often: no longer offered" }, "retired")] : null)] : "No fix learned for this error yet."),
    el("dt", {}, "Sessions"),
    el("dd", { class: "sessions" }, links(match.session_ids, sessionLink)),
  ];
}

/** @param {RecallMatch} match */
function matchItem(match) {
  return el(
    "li",
    { class: "recall-match", "data-kind": match.kind },
    el(
      "h3",
      {},
      el("span", { class: `badge ${match.kind}` }, match.kind === "lesson" ? "lesson" : "tool failure"),
      " ",
      el("code", { class: "error-type" }, match.error_type),
      match.tool_name ? [" in ", toolLink(match.tool_name)] : null,
    ),
    // The template reads as the messages did, with <*> for their variables: text, however much it looks like markup.
    el("pre", { class: "template", tabindex: 0 }, el("code", {}, match.template)),
    el(
      "dl",
      { class: "facts" },
      el("dt", {}, "Matched"),
      el("dd", { class: "why" }, matched(match.why), el("span", { class: "score", title: "BM25 over the template's terms: higher is closer" }, `score ${match.score.toFixed(2)}`)),
      el("dt", {}, "Met"),
      el("dd", { class: "met" }, times(match.occurrences), ", last ", ago(match.last_seen)),
      remedy(match),
    ),
  );
}

/**
 * The answer: a line that says how many were met (read out by screen readers), then each match; none is the "Never met" message.
 * @param {RecallMatch[]} matches
 * @param {Kind} kind
 */
function draw(matches, kind) {
  const summary = byId("recall-summary");
  summary.classList.toggle("never", matches.length === 0);
  if (matches.length === 0) {
    fill(summary, el("strong", {}, "Never met."), ` No failure this tenant has kept${AMONG[kind]} looks like this text.`);
    fill(byId("recall-results"), el("p", { class: "hint" }, "Recall answers only what it has met: it never guesses. Try the error's own line, or its code or a name in it", kind === "all" ? "." : ", with All."));
    return;
  }
  fill(summary, `${matches.length === 1 ? "1 failure" : `${matches.length} failures`} met before, the most alike first.`);
  fill(byId("recall-results"), el("ol", { class: "recall-matches", id: "recall-matches" }, matches.map(matchItem)));
}

let latest = 0;

/** Asks for the failures like the text in the box, and shows them. */
async function recall() {
  const query = byId("recall-query", HTMLTextAreaElement).value;
  const selected = byId("recall-kind", HTMLSelectElement).value;
  const kind = isKind(selected) ? selected : "all";
  if (query.trim() === "") return;
  const request = ++latest;
  const results = byId("recall-results");
  results.setAttribute("aria-busy", "true");
  const summary = byId("recall-summary");
  summary.classList.remove("never");
  fill(summary, "Searching…");
  try {
    // In a body, never in the URL or the hash: a pasted trace is long and may hold secrets.
    /** @type {RecallAnswer} */
    const answer = await post("/recall", { q: query.slice(0, MAX_QUERY_CHARS), kind, limit: LIMIT });
    // A second search sent before the first answered: only the last one is drawn.
    if (request === latest) draw(answer.matches, kind);
  } catch (error) {
    if (request !== latest) return;
    fill(results);
    fill(summary);
    // A refused key is the page's to handle (it asks for another); any other problem is this search's, said where its answer would be.
    if (error instanceof ApiError && error.status === 401) return onLoadFailure.handle(error);
    fill(results, el("p", { class: "problem", role: "alert" }, "Could not recall: ", error instanceof Error ? error.message : String(error)));
  } finally {
    if (request === latest) results.removeAttribute("aria-busy");
  }
}

const form = byId("recall-form", HTMLFormElement);
form.addEventListener("submit", (event) => {
  event.preventDefault();
  recall().catch((error) => onLoadFailure.handle(error));
});
// Ctrl+Enter (⌘+Enter on a Mac) submits from the box, where Enter alone is a new line of the trace.
byId("recall-query").addEventListener("keydown", (event) => {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    form.requestSubmit();
  }
});

/** Shows the view as it was left (the text and its answer stay while one follows a link and comes back), the box ready for a paste. */
export async function renderRecall() {
  byId("recall-query").focus();
}
