// The recall bench's tenant: 100,000 lessons over 5,000 failure templates, captured through the service's own write path
// (an in-process app on the bench's Redis), so the templates and their recall index are what production would hold.
import type { Request } from "autocannon";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { authOnly, BENCH_KEY, type Scenario } from "./scenarios.js";

/** The tenant recall is measured on: 100,000 lessons over 5,000 templates (a tenth of it in a --quick run). */
export interface RecallFill {
  lessons: number;
  templates: number;
}
export const RECALL_FILL: RecallFill = { lessons: 100_000, templates: 5_000 };
export const QUICK_RECALL_FILL: RecallFill = { lessons: 10_000, templates: 500 };
let filled: RecallFill = RECALL_FILL;

// Words of letters only, so masking keeps them: 400 nouns, 60 verbs, 80 places. A template is three of them, its own mix.
const syllables = ["ka", "lo", "mi", "ne", "su", "ta", "ve", "ro", "zu", "pi"];
const word = (i: number, length: number) => Array.from({ length }, (_, k) => syllables[Math.floor(i / 10 ** k) % 10]).join("");
const NOUNS = Array.from({ length: 400 }, (_, i) => `${word(i, 3)}r`);
const VERBS = Array.from({ length: 60 }, (_, i) => `${word(i, 2)}ing`);
const PLACES = Array.from({ length: 80 }, (_, i) => `${word(i, 2)}service`);
const ERROR_TYPES = ["TimeoutError", "ConnectionError", "ValueError", "PermissionError", "KeyError"];

/** Template `t`'s message with its variables filled by `n`: a number, a path and a quoted name, as real failures carry. */
export function recallMessage(t: number, n: number): string {
  const noun = NOUNS[t % NOUNS.length]!;
  const verb = VERBS[Math.floor(t / NOUNS.length) % VERBS.length]!;
  const place = PLACES[(t * 7) % PLACES.length]!;
  return `${verb} ${noun} failed in ${place} after ${n} attempts: '/srv/${place}/${n}.log' holds '${noun}-${n}'`;
}

/** Captures the lessons, the same number per template, in batches of concurrent injects (one tenant, 1,000 tasks). */
export async function fillForRecall(redisUrl: string, prefix: string, fill: RecallFill): Promise<void> {
  filled = fill;
  const config = loadConfig({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, API_KEYS: `${BENCH_KEY}:bench`, LOG_LEVEL: "silent", TEMPLATES_MAX_PER_TENANT: String(fill.templates) });
  const app = await buildApp(config, { logger: false });
  try {
    const perTemplate = fill.lessons / fill.templates;
    for (let start = 0; start < fill.lessons; start += 100) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, k) => {
          const i = start + k;
          const t = i % fill.templates;
          const payload = { attempt_number: 1, tier: 1, error_type: ERROR_TYPES[t % ERROR_TYPES.length], error_message: recallMessage(t, Math.floor(i / fill.templates) + perTemplate * t) };
          const reply = await app.inject({ method: "POST", url: `/tasks/recall-${i % 1000}/lessons`, payload, headers: { authorization: `Bearer ${BENCH_KEY}` } });
          if (reply.statusCode !== 201) throw new Error(`the recall fill's lesson ${i} was answered ${reply.statusCode}: ${reply.body}`);
        }),
      );
    }
  } finally {
    await app.close();
  }
}

/**
 * Recall's requests: three in four are a failure met before phrased with new values (its template known), one in four two
 * or three of its words alone (BM25 over the 5,000 templates' terms).
 */
export const recallRequests: Request[] = [
  {
    method: "GET",
    headers: authOnly,
    setupRequest: (request) => {
      const t = Math.floor(Math.random() * filled.templates);
      const n = 1_000_000 + Math.floor(Math.random() * 1_000_000);
      const message = recallMessage(t, n);
      const q = Math.random() < 0.75 ? message : message.split(" ").filter((_, i) => i === 1 || i === 4 || (i === 0 && Math.random() < 0.5)).join(" ");
      return { ...request, path: `/recall?q=${encodeURIComponent(q)}` };
    },
  },
];

export const recallScenarios: Record<string, Scenario> = {
  "GET /recall": { requests: recallRequests, prepare: (redisUrl, prefix, quick) => fillForRecall(redisUrl, prefix, quick ? QUICK_RECALL_FILL : RECALL_FILL) },
};
