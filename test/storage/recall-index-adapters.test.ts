// The recall index in either store: the same failures, learned in the same order, answer every query alike; and its caps hold.
import { describe, expect, it } from "vitest";
import { MAX_TEMPLATES } from "../../src/domain/failures/templates.js";
import { placementsOf } from "../../src/domain/recall/service.js";
import { MAX_REFS_PER_USE, MAX_USES_PER_TEMPLATE, type RecalledTemplate, type TemplateQuery, type UseReport } from "../../src/domain/recall/ranking.js";
import { MAX_QUERY_TERMS, MAX_TERMS_PER_TEMPLATE, termsOf } from "../../src/domain/recall/terms.js";
import { createMemoryFailureTemplates } from "../../src/storage/memory/failure-templates.js";
import { createRedisTemplateBuckets } from "../../src/storage/redis/template-buckets.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { recallTemplates } from "../../src/storage/redis/recall.js";
import { AGENT_ERRORS, generatedMessages } from "../helpers/failure-messages.js";
import { scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

const TTL_SECONDS = 3600;
const scripted = scriptedRedisForFile();

interface Adapter {
  learn(tenant: string, message: string, use: UseReport): Promise<unknown>;
  recall(tenant: string, query: TemplateQuery): Promise<RecalledTemplate[]>;
}

function adapters(maxTemplates: number): Record<"memory" | "redis", Adapter> {
  const memory = createMemoryFailureTemplates({ ttlSeconds: TTL_SECONDS, idempotencyTtlSeconds: TTL_SECONDS, now: Date.now, maxTemplates });
  const keys = createKeys(uniquePrefix());
  const templates = createRedisTemplateBuckets(scripted(), keys, { ttlSeconds: TTL_SECONDS, recordTtlSeconds: TTL_SECONDS, maxTemplates });
  return {
    memory: {
      learn: async (tenant, message, use) => memory.learnFailureTemplate(tenant, message, null, use),
      recall: async (tenant, query) => memory.recallTemplates(tenant, query),
    },
    redis: {
      learn: (tenant, message, use) => templates.learn(tenant, message, null, use),
      recall: (tenant, query) => recallTemplates(scripted(), keys, templates, tenant, query),
    },
  };
}

/** A small seeded generator, so both stores see the same uses and queries. */
function seeded(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

const TOOLS = ["read_file", "bash", "http_get"];
const TYPES = ["Error", "ENOENT", "TimeoutError"];

function queryOf(text: string, filters: Partial<Pick<TemplateQuery, "kind" | "tool" | "error_type" | "limit">> = {}): TemplateQuery {
  return { placements: placementsOf(text), terms: termsOf(text, MAX_QUERY_TERMS), kind: null, tool: null, error_type: null, limit: 10, ...filters };
}

async function learnAll(adapter: Adapter, messages: readonly string[]): Promise<void> {
  const pick = seeded(7);
  for (const [i, message] of messages.entries()) {
    const kind = pick(2) === 0 ? "lesson" : "tool";
    const use: UseReport = { kind, tool: kind === "tool" ? TOOLS[pick(3)]! : "", error_type: TYPES[pick(3)]!, ref: `ref-${pick(8)}`, at: 1_000 + i };
    await adapter.learn(i % 3 === 0 ? "north" : "south", message, use);
  }
}

/** Queries of every kind: messages met, the same with words changed, bare words, and with filters. */
function queriesOf(messages: readonly string[]): TemplateQuery[] {
  const pick = seeded(11);
  const queries: TemplateQuery[] = [];
  for (let i = 0; i < 60; i += 1) {
    const message = messages[pick(messages.length)]!;
    const words = message.split(/\s+/);
    queries.push(queryOf(message));
    // A pasted trace: the message with a stack under it, placed by its first line.
    queries.push(queryOf(`${message.split("\n")[0]}\n    at handler (src/app.ts:${i}:7)\n    at run (node:internal/process:88:3)`));
    queries.push(queryOf(words.map((word, j) => (j % 3 === 1 ? `x${j}` : word)).join(" ")));
    queries.push(queryOf(`${words[pick(words.length)]} ${words[pick(words.length)]}`, { limit: 1 + pick(20) }));
    queries.push(queryOf(message, { kind: pick(2) === 0 ? "lesson" : "tool", tool: pick(2) === 0 ? TOOLS[pick(3)]! : null, error_type: pick(3) === 0 ? TYPES[pick(3)]! : null }));
  }
  return queries;
}

describe("the recall index in either store", () => {
  it.each([MAX_TEMPLATES, 12])("answers every query alike for the same failures (at most %i templates)", async (maxTemplates) => {
    const messages = [...AGENT_ERRORS, ...generatedMessages(250, 42)];
    const stores = adapters(maxTemplates);
    await learnAll(stores.memory, messages);
    await learnAll(stores.redis, messages);
    let answered = 0;
    for (const query of queriesOf(messages)) {
      for (const tenant of ["north", "south"]) {
        const expected = await stores.memory.recall(tenant, query);
        expect(await stores.redis.recall(tenant, query)).toEqual(expected);
        if (expected.length > 0) answered += 1;
      }
    }
    // The comparison means something only if most queries matched, some by their template and some by words alone.
    expect(answered).toBeGreaterThan(200);
  });

  it.each(["memory", "redis"] as const)("caps a template's terms, uses and refs, and drops a forgotten template from the index (%s)", async (name) => {
    const store = adapters(2)[name];
    const words = Array.from({ length: 60 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const long = words.join(" ");
    for (let i = 0; i < 40; i += 1) {
      await store.learn("t", long, { kind: "tool", tool: `tool-${i}`, error_type: "Error", ref: `session-${i}`, at: i });
    }
    for (let i = 0; i < 9; i += 1) await store.learn("t", long, { kind: "tool", tool: "tool-39", error_type: "Error", ref: `again-${i}`, at: 100 + i });
    const matches = await store.recall("t", queryOf(words[0]!, { limit: 50 }));
    expect(matches).toHaveLength(MAX_USES_PER_TEMPLATE);
    expect(matches[0]!.use).toMatchObject({ tool: "tool-39", count: 10, last_seen: 108, refs: ["again-8", "again-7", "again-6", "again-5", "again-4"] });
    expect(matches[0]!.use.refs).toHaveLength(MAX_REFS_PER_USE);
    expect(matches.map((match) => match.use.tool)).toEqual(["tool-39", ...Array.from({ length: MAX_USES_PER_TEMPLATE - 1 }, (_, i) => `tool-${38 - i}`)]);
    // The template is indexed by its first 32 terms only: the 33rd finds nothing (the query is not placed in it either).
    expect(await store.recall("t", queryOf(words[MAX_TERMS_PER_TEMPLATE - 1]!))).not.toEqual([]);
    expect(await store.recall("t", queryOf(words[MAX_TERMS_PER_TEMPLATE]!))).toEqual([]);

    // Two more templates past a cap of two: the long one, seen least recently, is forgotten, and recall forgets it too.
    await store.learn("t", "disk quota exceeded", { kind: "lesson", tool: "", error_type: "OSError", ref: "task-1", at: 200 });
    await store.learn("t", "permission denied while opening socket", { kind: "lesson", tool: "", error_type: "OSError", ref: "task-2", at: 201 });
    expect(await store.recall("t", queryOf(words[0]!))).toEqual([]);
    expect((await store.recall("t", queryOf("quota"))).map((match) => match.template)).toEqual(["disk quota exceeded"]);
  });

  it("gives the index's keys the templates' retention, renewed with them", async () => {
    const keys = createKeys(uniquePrefix());
    const shared = keys.shared("t");
    const use: UseReport = { kind: "lesson", tool: "", error_type: "Error", ref: "task", at: 1 };
    const templatesFor = (ttlSeconds: number) => createRedisTemplateBuckets(scripted(), keys, { ttlSeconds, recordTtlSeconds: 60 });
    await templatesFor(60).learn("t", "disk quota exceeded", null, use);
    for (const key of [shared.recallDocuments, shared.recallPostings, shared.templateClock]) {
      const ttl = await scripted().pttl(key);
      expect({ key, expiring: ttl > 0 && ttl <= 60_000 }).toEqual({ key, expiring: true });
    }
    // A write under a retention of 0 keeps them forever, as it does the templates.
    await templatesFor(0).learn("t", "disk quota exceeded", null, use);
    for (const key of [shared.recallDocuments, shared.recallPostings]) expect(await scripted().pttl(key)).toBe(-1);
  });
});
