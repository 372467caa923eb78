// npm run eval:recall -- <dir>: how well recall finds a failure's own template, on a Loghub-style directory.
// Per system: every line of each true template but a held-out tenth (at least one) is captured as a lesson, in file order,
// through the service (an in-process app on the embedded store); then each held-out line is asked of POST /recall.
// A hit at k: the template its captured lines mostly got is among the first k matches. Templates of one line are left out:
// nothing of them was captured, so nothing can be recalled.
import { pathToFileURL } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { readSystem, systemsIn } from "./loghub.js";
import { streamOf } from "./prng.js";

export interface RecallScores {
  system: string;
  queries: number;
  /** True templates of a single line, left out. */
  singletons: number;
  r1: number;
  r5: number;
  mrr: number;
  /** R@1 with the matches ordered by their BM25 score alone, as if the query's own template were not known first. */
  r1Terms: number;
}

/** Held-out line numbers: per true template of n ≥ 2 lines, max(1, round(n / 10)) of them, picked with a seeded draw. */
export function heldOut(truth: readonly string[], seed: number): { held: Set<number>; singletons: number } {
  const lines = new Map<string, number[]>();
  truth.forEach((id, i) => lines.set(id, [...(lines.get(id) ?? []), i]));
  const held = new Set<number>();
  let singletons = 0;
  for (const [id, at] of lines) {
    if (at.length < 2) {
      singletons += 1;
      continue;
    }
    const random = streamOf(seed, id);
    const pool = [...at];
    for (let n = Math.max(1, Math.round(at.length / 10)); n > 0; n -= 1) held.add(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  }
  return { held, singletons };
}

async function post(app: FastifyInstance, url: string, payload: object): Promise<Record<string, unknown>> {
  const reply = await app.inject({ method: "POST", url, payload });
  if (reply.statusCode >= 300) throw new Error(`${url} answered ${reply.statusCode}: ${reply.body}`);
  return reply.json();
}

export async function scoreRecall(dir: string, name: string, seed = 1): Promise<RecallScores> {
  const { messages, truth } = readSystem(dir, name);
  const { held, singletons } = heldOut(truth, seed);
  const app = await buildApp(loadConfig({ LOG_LEVEL: "silent" }), { logger: false });
  try {
    // The signatures each true template's captured lines got; its own template is the one most of them got.
    const got = new Map<string, Map<string, number>>();
    for (const [i, message] of messages.entries()) {
      if (held.has(i)) continue;
      const lesson = await post(app, `/tasks/loghub-${i % 50}/lessons`, { attempt_number: 1, tier: 1, error_type: "Error", error_message: message });
      const counts = got.get(truth[i]!) ?? new Map<string, number>();
      counts.set(lesson.signature as string, (counts.get(lesson.signature as string) ?? 0) + 1);
      got.set(truth[i]!, counts);
    }
    const own = (id: string) => [...got.get(id)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    let r1 = 0;
    let r5 = 0;
    let reciprocal = 0;
    let r1Terms = 0;
    for (const i of held) {
      const answer = await post(app, "/recall", { q: messages[i]!, limit: 50 });
      const matches = answer.matches as Array<{ signature: string; score: number }>;
      const rank = matches.findIndex((match) => match.signature === own(truth[i]!)) + 1;
      // A stable sort: equal scores keep the service's order (then by template id).
      if ([...matches].sort((a, b) => b.score - a.score)[0]?.signature === own(truth[i]!)) r1Terms += 1;
      if (rank === 1) r1 += 1;
      if (rank >= 1 && rank <= 5) r5 += 1;
      if (rank >= 1) reciprocal += 1 / rank;
    }
    return { system: name, queries: held.size, singletons, r1: r1 / held.size, r5: r5 / held.size, mrr: reciprocal / held.size, r1Terms: r1Terms / held.size };
  } finally {
    await app.close();
  }
}

export function recallTable(rows: readonly RecallScores[]): string {
  const mean = (pick: (row: RecallScores) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
  return [
    "| System | Queries | Templates of one line (left out) | R@1 | R@5 | MRR | R@1 by terms alone |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (row) =>
        `| ${row.system} | ${row.queries} | ${row.singletons} | ${row.r1.toFixed(3)} | ${row.r5.toFixed(3)} | ${row.mrr.toFixed(3)} | ${row.r1Terms.toFixed(3)} |`,
    ),
    `| **Average** | ${rows.reduce((sum, row) => sum + row.queries, 0)} | ${rows.reduce((sum, row) => sum + row.singletons, 0)} | **${mean((row) => row.r1).toFixed(3)}** | **${mean((row) => row.r5).toFixed(3)}** | **${mean((row) => row.mrr).toFixed(3)}** | ${mean((row) => row.r1Terms).toFixed(3)} |`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!dir) {
    console.error("usage: npm run eval:recall -- <dir>   (a directory of <System>/<System>_2k.log_structured.csv)");
    process.exit(2);
  }
  const systems = systemsIn(dir);
  if (systems.length === 0) {
    console.error(`${dir} holds no <System>/<System>_2k.log_structured.csv`);
    process.exit(1);
  }
  const rows: RecallScores[] = [];
  for (const name of systems) rows.push(await scoreRecall(dir, name));
  console.log(recallTable(rows));
}
