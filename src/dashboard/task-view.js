// One task: its resolution, its failure signatures, its lessons and the prompt an orchestrator would inject.
// @ts-check
import { encode, find, get, getText } from "./api.js";
import { ago, byId, el, fill, table } from "./dom.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["FailureSignature"]} FailureSignature */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["FailureSignatureList"]} FailureSignatureList */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["Lesson"]} Lesson */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["LessonList"]} LessonList */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["LessonStats"]} LessonStats */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["Resolution"]} Resolution */

/** @param {Resolution | null} resolution */
function resolutionBlock(resolution) {
  if (!resolution) return el("p", {}, "Not resolved yet.");
  return el(
    "dl",
    { class: "facts" },
    el("dt", {}, "What worked"),
    el("dd", {}, resolution.approach),
    el("dt", {}, "Attempt"),
    el("dd", {}, resolution.attempt_number),
    el("dt", {}, "Resolved"),
    el("dd", {}, ago(resolution.resolved_at)),
  );
}

/** @param {Lesson[]} lessons oldest first */
function lessonsTable(lessons) {
  const node = el("table");
  table(
    node,
    [
      { header: "Attempt", className: "number", cell: (lesson) => lesson.attempt_number },
      { header: "Error", cell: (lesson) => el("code", {}, lesson.error_type) },
      { header: "Message", className: "message", cell: (lesson) => lesson.error_message },
      { header: "Category", cell: (lesson) => lesson.category },
      { header: "Severity", cell: (lesson) => lesson.severity },
      { header: "Hypothesised fix", className: "message", cell: (lesson) => lesson.hypothesized_fix },
      { header: "When", cell: (lesson) => ago(lesson.timestamp) },
    ],
    [...lessons].reverse(),
    "Lessons, newest first",
  );
  return el("div", { class: "scroll" }, node);
}

/** @param {FailureSignature[]} signatures */
function signaturesTable(signatures) {
  const node = el("table");
  table(
    node,
    [
      { header: "Signature", cell: (s) => el("code", {}, s.signature) },
      { header: "Error", cell: (s) => el("code", {}, s.error_type) },
      { header: "Occurrences", className: "number", cell: (s) => s.occurrences },
      // The template reads as the messages did, with <*> for their variables; a signature kept before templates has none.
      { header: "Template", className: "message", cell: (s) => s.template ?? s.normalized_message },
    ],
    signatures,
    "Failure signatures",
  );
  return el("div", { class: "scroll" }, node);
}

/**
 * Fetches everything about one task and shows it.
 * @param {string} taskId
 */
export async function renderTask(taskId) {
  const base = `/tasks/${encode(taskId)}`;
  /** @type {[LessonList, FailureSignatureList, LessonStats, string]} */
  const [lessons, signatures, stats, prompt] = await Promise.all([
    get(`${base}/lessons`),
    get(`${base}/lessons/signatures`),
    get(`${base}/lessons/stats`),
    getText(`${base}/lessons/prompt`),
  ]);
  // Asked for only when it exists: a missing resolution is a 404, and the page makes no failing requests.
  /** @type {Resolution | null} */
  const resolution = stats?.resolved ? await find(`${base}/resolution`) : null;
  fill(byId("task-title"), "Task ", el("code", {}, taskId));
  fill(
    byId("task-detail"),
    el("p", {}, el("a", { href: "#/tasks" }, "← All tasks")),
    el("h3", {}, "Resolution"),
    resolutionBlock(resolution),
    el("h3", {}, "Failure signatures"),
    signaturesTable(signatures?.signatures ?? []),
    el("h3", {}, "Lessons"),
    lessonsTable(lessons?.lessons ?? []),
    el("h3", {}, "Prompt for the next attempt"),
    el("pre", { class: "prompt", tabindex: 0 }, prompt || "(empty: no lessons)"),
  );
}
