// Renders the evaluation's results as a markdown table, and rewrites that table's section in docs/efficacy.md.
import { readFileSync, writeFileSync } from "node:fs";
import type { EvalOptions, RunResult } from "./runner.js";

export const DOC_PATH = "docs/efficacy.md";
const START = "<!-- eval:results:start -->";
const END = "<!-- eval:results:end -->";

/** The numbers the report and the tests read off a run. */
export function summarise(result: RunResult) {
  const { tally } = result;
  return {
    failuresPerSuccess: tally.failures / Math.max(1, tally.successes),
    attemptsPerResolvedTask: tally.callsOfResolvedTasks / Math.max(1, tally.resolvedTasks),
    resolvedShare: tally.resolvedTasks / Math.max(1, tally.tasks),
    wrongOfferShare: tally.wrongOffers / Math.max(1, tally.offers),
    /** Offers that would not fix the failure they were made to, in the world as it was then, over all offers. */
    unfixingOfferShare: tally.unfixingOffers / Math.max(1, tally.offers),
    /**
     * Failed calls of a shared cause (the modes of TOOLS) whose answer carried their right fix, over those
     * failures: the hit rate. A failure of a cause of its own has no right fix to learn before it.
     */
    rightOfferShare:
      (tally.offers - tally.ownCause.offers - (tally.wrongOffers - tally.ownCause.wrongOffers)) / Math.max(1, tally.failures - tally.ownCause.failures),
    /** Wrong offers among the failures of a cause of their own (each goal a different missing file or failing command). */
    ownCauseWrongOffers: tally.ownCause.wrongOffers,
    ownCauseFailures: tally.ownCause.failures,
  };
}

/** Offers no later call of their tool in the session decided. */
export const pendingOf = (tally: RunResult["tally"]) =>
  tally.offers - tally.outcomes.worked - tally.outcomes.failed - tally.outcomes.other_fix - tally.outcomes.ignored;

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** A share of the offers in each fifth of the sessions, in order. */
const byFifth = (tally: RunResult["tally"], counted: "wrongOffers" | "unfixingOffers") =>
  tally.byFifth.map((fifth) => ((fifth[counted] / Math.max(1, fifth.offers)) * 100).toFixed(0)).join(" · ") + "%";

function efficacyCell(result: RunResult): string {
  const totals = result.efficacy;
  if (!totals) return "—";
  return ["offered", "adopted", "worked", "failed", "other_fix", "ignored", "pending"].map((name) => totals[name] ?? "?").join(" / ");
}

export function markdownTable(results: readonly RunResult[]): string {
  const lines = [
    "| store | run | calls | failures per success | attempts per resolved task | tasks resolved | offers | wrong fix offered | … in each fifth of the sessions | offers that would not fix the failure | … in each fifth | shared-cause failures offered their right fix | wrong fixes offered to failures of a cause of their own | offers taken | outcomes seen by the agents: worked / failed / other fix / ignored / pending | GET /efficacy: offered / adopted / worked / failed / other fix / ignored / pending |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const result of results) {
    const { tally } = result;
    const summary = summarise(result);
    const outcomes = tally.outcomes;
    const cells = [
      result.store,
      result.run.name,
      tally.calls,
      summary.failuresPerSuccess.toFixed(3),
      summary.attemptsPerResolvedTask.toFixed(3),
      percent(summary.resolvedShare),
      tally.offers,
      percent(summary.wrongOfferShare),
      byFifth(tally, "wrongOffers"),
      percent(summary.unfixingOfferShare),
      byFifth(tally, "unfixingOffers"),
      percent(summary.rightOfferShare),
      `${summary.ownCauseWrongOffers} of ${summary.ownCauseFailures}`,
      tally.tookOffer,
      `${outcomes.worked} / ${outcomes.failed} / ${outcomes.other_fix} / ${outcomes.ignored} / ${pendingOf(tally)}`,
      efficacyCell(result),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

/** The command that reproduces the table, with the parameters that shape it. */
export function describeRun(options: EvalOptions): string {
  const { seed, sessions, goalsPerSession, stores, policy } = options;
  return (
    `\`npm run eval -- --seed ${seed} --sessions ${sessions} --stores ${stores.join(",")}\`: ${sessions} sessions of ${goalsPerSession} goals and one of a cause of its own, ` +
    `offers taken ${Math.round(policy.adoptRate * 100)}% of the time, at most ${policy.maxAttempts} calls per goal`
  );
}

/** Replaces what sits between the doc's result markers (the markers stay). */
export function writeDocTable(table: string, heading: string, path = DOC_PATH): void {
  const doc = readFileSync(path, "utf8");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${path} has no ${START} … ${END} section`);
  const section = `${START}\n${heading}\n\n${table}\n${END}`;
  writeFileSync(path, doc.slice(0, start) + section + doc.slice(end + END.length));
}
