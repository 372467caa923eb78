// The impact view: whether offered fixes helped (GET /efficacy), as a funnel, a table, attempts saved, and the best and worst fixes.
// @ts-check
import { encode, get } from "./api.js";
import { byId, card, el, fill, percent, table } from "./dom.js";

/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["EfficacyReport"]} EfficacyReport */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["ListedFix"]} ListedFix */
/** @typedef {import("../../clients/typescript/src/generated/schema.js").components["schemas"]["SignatureEfficacy"]} SignatureEfficacy */
/** @typedef {EfficacyReport["tools"]} ToolOffers */

/** @param {number} value */
const oneDecimal = (value) => (Math.round(value * 10) / 10).toFixed(1);
/** @param {number | null} value */
const rate = (value) => (value === null ? "–" : percent(value));
/** @param {number} value */
const attempts = (value) => `${oneDecimal(value)} ${oneDecimal(value) === "1.0" ? "attempt" : "attempts"}`;

/**
 * Offered, adopted, worked: each bar as wide as its share of the offers, its count beside it.
 * @param {ToolOffers} tools
 */
function funnel(tools) {
  const steps = [
    { label: "Offered", count: tools.offered, detail: "fixes handed to a failing agent" },
    { label: "Adopted", count: tools.adopted, detail: "the next call used the fix" },
    { label: "Worked", count: tools.worked, detail: "adopted, and the call succeeded" },
  ];
  return el(
    "ol",
    { class: "funnel", "aria-label": "Offered, adopted and worked" },
    steps.map((step) => {
      const share = tools.offered === 0 ? 0 : step.count / tools.offered;
      const bar = el("span", { class: "funnel-bar" });
      // A property set through the CSSOM, not a style attribute: the dashboard's CSP allows no inline style.
      bar.style.width = `${Math.round(share * 1000) / 10}%`;
      return el(
        "li",
        { "data-step": step.label.toLowerCase() },
        el("span", { class: "funnel-label" }, step.label),
        el("span", { class: "funnel-track" }, bar),
        el("span", { class: "funnel-value" }, step.count),
        el("span", { class: "funnel-detail" }, `${step.detail}${step.label === "Offered" ? "" : ` (${percent(share)} of offers)`}`),
      );
    }),
  );
}

/** @param {ToolOffers} tools */
function outcomesTable(tools) {
  /** @type {[name: string, value: string | number, meaning: string][]} */
  const rows = [
    ["Offered", tools.offered, "Fixes handed to a failing agent"],
    ["Adopted", tools.adopted, "The agent's next call of the tool used the fix's arguments"],
    ["Worked", tools.worked, "Adopted, and that call succeeded"],
    ["Failed", tools.failed, "Adopted, and that call failed anyway"],
    ["Other fix", tools.other_fix, "Not adopted, and the call succeeded some other way"],
    ["Ignored", tools.ignored, "Not adopted, and the call failed"],
    ["Pending", tools.pending, "Not decided: the session has not called the tool again (or its next call was partial or cancelled)"],
    ["Adoption rate", rate(tools.adoption_rate), "Adopted, of the offers decided"],
    ["Success rate when adopted", rate(tools.success_rate_when_adopted), "Worked, of the offers adopted"],
  ];
  table(
    byId("impact-table", HTMLTableElement),
    [
      { header: "Outcome", cell: ([name]) => name },
      { header: "Count", className: "number", cell: ([, value]) => value },
      { header: "What it means", cell: ([, , meaning]) => meaning },
    ],
    rows,
    "Outcomes of offered fixes",
  );
}

/**
 * The plain-language comparison of attempts to resolve a task with and without an offered fix.
 * @param {SignatureEfficacy} lessons
 */
export function attemptsSentence({ mean_attempts_with_offer: withOffer, mean_attempts_without_offer: without, mean_attempts_after_offer: after }) {
  if (withOffer === null) return "No task offered a known fix has been resolved yet.";
  let sentence = `Tasks offered a known fix resolved in ${attempts(withOffer)}`;
  if (without === null) sentence += "; no task has been resolved without an offer yet to compare with.";
  else {
    const saved = without - withOffer;
    const difference = oneDecimal(Math.abs(saved));
    sentence += difference === "0.0" ? `, the same as without (${oneDecimal(without)}).` : `, ${difference} ${saved > 0 ? "fewer" : "more"} than without (${oneDecimal(without)}).`;
  }
  if (after !== null) sentence += ` Once offered the fix, they needed ${oneDecimal(after)} more ${oneDecimal(after) === "1.0" ? "attempt" : "attempts"}.`;
  return sentence;
}

/** @param {SignatureEfficacy} lessons */
function attemptsBlock(lessons) {
  /** @param {number | null} mean */
  const value = (mean) => (mean === null ? "–" : oneDecimal(mean));
  return [
    el(
      "div",
      { class: "cards", id: "impact-attempts" },
      card("mean attempts with a known fix offered", value(lessons.mean_attempts_with_offer), `${lessons.tasks_resolved_after_offer} of ${lessons.tasks_offered} tasks offered one resolved`),
      card("mean attempts without an offer", value(lessons.mean_attempts_without_offer), `${lessons.tasks_resolved_without_offer} tasks resolved`),
      card("mean attempts after the offer", value(lessons.mean_attempts_after_offer), "from the offer to the resolution"),
    ),
    el("p", { id: "impact-sentence" }, attemptsSentence(lessons)),
  ];
}

/**
 * Each fix linked to its tool's row in the tools view, with what it changes and how it fared.
 * @param {string} id the table's id
 * @param {ListedFix[]} fixes
 * @param {string} label
 */
function fixesTable(id, fixes, label) {
  table(
    byId(id, HTMLTableElement),
    [
      { header: "Tool", cell: (fix) => el("a", { href: `#/tools/${encode(fix.tool_name)}` }, el("code", {}, fix.tool_name)) },
      { header: "Error", cell: (fix) => el("code", {}, fix.error_type) },
      { header: "Fix", className: "message", cell: (fix) => el("code", {}, fix.fix_text) },
      { header: "Worked / adopted", className: "number", cell: (fix) => `${fix.efficacy.worked} / ${fix.efficacy.adopted}` },
      { header: "Offered", className: "number", cell: (fix) => fix.efficacy.offered },
      { header: "Score", className: "number", cell: (fix) => fix.efficacy.score.toFixed(2) },
      { header: "Status", cell: (fix) => (fix.efficacy.retired ? el("span", { class: "badge retired", title: "Failed too often: no longer offered" }, "retired") : "offered") },
    ],
    fixes,
    label,
  );
}

/** Fetches the tenant's efficacy and draws the view, or explains what will appear once fixes are offered. */
export async function renderImpact() {
  /** @type {EfficacyReport} */
  const efficacy = await get("/efficacy");
  const { tools, lessons } = efficacy;
  const nothingYet = tools.offered === 0 && lessons.tasks_offered === 0;
  byId("impact-empty").hidden = !nothingYet;
  byId("impact-body").hidden = nothingYet;
  if (nothingYet) return;
  fill(byId("impact-funnel"), tools.offered === 0 ? el("p", { class: "hint" }, "No fix has been offered to a failing tool call yet.") : funnel(tools));
  outcomesTable(tools);
  fill(byId("impact-lessons"), lessons.tasks_offered === 0 ? el("p", { class: "hint" }, "No task has been offered a known fix yet.") : attemptsBlock(lessons));
  fixesTable("impact-worst", efficacy.worst_fixes, "Worst fixes");
  fixesTable("impact-best", efficacy.best_fixes, "Best fixes");
}
