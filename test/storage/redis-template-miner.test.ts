// The template miner in Lua against its TypeScript twin: the same messages give the same template, change and forgotten id at every step, and the same state.
import { describe, expect, it } from "vitest";
import {
  emptyTemplateState,
  learnTemplate,
  MAX_TEMPLATES,
  placeInBucket,
  prepareMessage,
  type LearnedFailureTemplate,
  type TemplateState,
} from "../../src/domain/failures/templates.js";
import { learnFailureTemplate } from "../../src/storage/redis/failure-templates.js";
import { createKeys, type Keys } from "../../src/storage/redis/keys.js";
import { AGENT_ERRORS, generatedMessages, RULE_CASES } from "../helpers/failure-messages.js";
import { keyed, valueOf } from "../helpers/fixtures.js";
import { scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

const TENANT = "acme";
const scripted = scriptedRedisForFile();

/** What a step did, beyond its answer: which rule placed the message (to check that a sequence exercises each). */
type Happening = LearnedFailureTemplate["change"] | "gaps-only" | "new-bucket" | "not-swallowed" | "forgotten" | "re-created";

/** Which rules the step exercised, read from the TypeScript state before and after it. */
function happenings(before: TemplateState, message: string, learned: ReturnType<typeof learnTemplate>, forgottenBefore: ReadonlySet<string>): Happening[] {
  const prepared = prepareMessage(message);
  const bucket = (before.buckets[prepared.bucket] ?? []).map((id) => ({ id, tokens: before.templates[id]!.tokens }));
  const found: Happening[] = [learned.change];
  if (bucket.length === 0) found.push("new-bucket");
  const kept = before.templates[learned.templateId];
  if (learned.change === "generalised" && kept && kept.tokens.join(" ") === learned.state.templates[learned.templateId]!.tokens.join(" ")) found.push("gaps-only");
  // Created though an older template was similar enough: only because generalising it would swallow a younger one's messages.
  if (learned.change === "created" && bucket.some((_, i) => placeInBucket(bucket.slice(0, i + 1), prepared.tokens).change === "generalised")) found.push("not-swallowed");
  if (learned.forgotten !== null) found.push("forgotten");
  if (learned.change === "created" && forgottenBefore.has(learned.templateId)) found.push("re-created");
  return found;
}

/** The tenant's template keys read back into the TypeScript state's shape; every id is a template of exactly one bucket. */
async function stateInRedis(keys: Keys, tenant: string): Promise<TemplateState> {
  const k = keys.shared(tenant);
  const [buckets, seen, counts, bucketOf, clock] = await Promise.all([
    scripted().hgetall(k.templates),
    scripted().zrange(k.templateSeen, "0", "-1", "WITHSCORES"),
    scripted().hgetall(k.templateCounts),
    scripted().hgetall(k.templateBuckets),
    scripted().get(k.templateClock),
  ]);
  const seenOf = new Map<string, number>();
  for (let i = 0; i < seen.length; i += 2) seenOf.set(seen[i]!, Number(seen[i + 1]));
  const state: TemplateState = { clock: Number(clock ?? 0), templates: {}, buckets: {} };
  for (const [bucket, json] of Object.entries(buckets)) {
    const templates = JSON.parse(json) as Array<{ id: string; tokens: string[]; gaps: boolean[]; created: number }>;
    state.buckets[bucket] = templates.map((template) => template.id);
    for (const { id, tokens, gaps, created } of templates) {
      expect(bucketOf[id]).toBe(bucket);
      state.templates[id] = { tokens, gaps, created, seen: seenOf.get(id)!, count: Number(counts[id]) };
    }
  }
  const ids = Object.keys(state.templates).sort();
  expect([[...seenOf.keys()].sort(), Object.keys(counts).sort(), Object.keys(bucketOf).sort()]).toEqual([ids, ids, ids]);
  return state;
}

/**
 * Learns the messages in order with the Redis script (on a tenant of its own) and with learnTemplate,
 * expecting the same answer at every step and the same state at the end; answers what the steps exercised.
 */
async function expectParity(messages: readonly string[], maxTemplates: number = MAX_TEMPLATES): Promise<Set<Happening>> {
  const keys = createKeys(uniquePrefix());
  let state = emptyTemplateState();
  const exercised = new Set<Happening>();
  const forgotten = new Set<string>();
  for (const [step, message] of messages.entries()) {
    const learned = learnTemplate(state, message, maxTemplates);
    const { state: next, ...expected } = learned;
    const answer = valueOf(await learnFailureTemplate(scripted(), keys, TENANT, message, 0, { maxTemplates }));
    expect(answer, `step ${step}: ${JSON.stringify(message)}`).toEqual(expected);
    for (const happening of happenings(state, message, learned, forgotten)) exercised.add(happening);
    if (learned.forgotten !== null) forgotten.add(learned.forgotten);
    state = next;
  }
  expect(await stateInRedis(keys, TENANT)).toEqual(state);
  return exercised;
}

describe("the template miner in Redis", () => {
  it("places each hand-picked case as learnTemplate does: full match, generalising, ties, the no-swallowing rule, gaps, empty messages", async () => {
    const exercised = await expectParity(RULE_CASES);
    expect([...exercised].sort()).toEqual(["created", "gaps-only", "generalised", "new-bucket", "not-swallowed", "seen"]);
  });

  it("learns the agent-style fixtures as learnTemplate does", async () => {
    await expectParity(AGENT_ERRORS);
  });

  it("learns a seeded generated sequence as learnTemplate does, exercising every placement rule", async () => {
    const exercised = await expectParity(generatedMessages(600, 20_261_203));
    for (const rule of ["seen", "generalised", "gaps-only", "created", "new-bucket", "not-swallowed"] as const) expect(exercised).toContain(rule);
  });

  it("forgets the template seen least recently past the cap, and gives a forgotten failure seen again its old id, as learnTemplate does", async () => {
    const exercised = await expectParity(generatedMessages(400, 7), 5);
    expect(exercised).toContain("forgotten");
    expect(exercised).toContain("re-created");
  });

  it("keeps each tenant's templates apart", async () => {
    const keys = createKeys(uniquePrefix());
    const first = valueOf(await learnFailureTemplate(scripted(), keys, "one", "Invalid user alice from host", 0));
    const other = valueOf(await learnFailureTemplate(scripted(), keys, "two", "Invalid user bob from host", 0));
    expect([first.change, other.change]).toEqual(["created", "created"]);
    expect(await stateInRedis(keys, "two")).toMatchObject({ clock: 1 });
  });

  it("gives the tenant's template keys the retention asked for, renewed by writes, and none when it is 0", async () => {
    const keys = createKeys(uniquePrefix());
    await learnFailureTemplate(scripted(), keys, "kept", "job exited", 0);
    await learnFailureTemplate(scripted(), keys, "expiring", "job exited", 3600);
    await learnFailureTemplate(scripted(), keys, "expiring", "job exited", 3600);
    const ttlsOf = (tenant: string) => {
      const k = keys.shared(tenant);
      return Promise.all([k.templates, k.templateSeen, k.templateCounts, k.templateBuckets, k.templateClock].map((key) => scripted().ttl(key)));
    };
    expect(await ttlsOf("kept")).toEqual([-1, -1, -1, -1, -1]);
    for (const ttl of await ttlsOf("expiring")) expect(ttl).toBeGreaterThan(3500);
  });

  it("keeps a keyed step's answer for the idempotency time under tmpl:keyed:, never an unkeyed one's, and tells apart writes whose scope and key split alike", async () => {
    const keys = createKeys(uniquePrefix());
    const records = async () => {
      const found = await scripted().keys(`${keys.shared(TENANT).prefix}*tmpl:keyed:*`);
      return Promise.all(found.map((key) => scripted().ttl(key)));
    };
    await learnFailureTemplate(scripted(), keys, TENANT, "job exited", 0);
    expect(await records()).toEqual([]);

    const step = (scope: string, key: string, fingerprint: string) => ({ step: { write: { scope, key: keyed(key, fingerprint) }, recordTtlSeconds: 86_400 } });
    expect((await learnFailureTemplate(scripted(), keys, TENANT, "job exited", 0, step("call:a", "b:c", "first"))).outcome).toBe("applied");
    // Session `a:b` with key `c` is another write, though its scope and key joined by `:` read the same.
    expect((await learnFailureTemplate(scripted(), keys, TENANT, "job exited", 0, step("call:a:b", "c", "second"))).outcome).toBe("applied");
    expect((await learnFailureTemplate(scripted(), keys, TENANT, "job exited", 0, step("call:a", "b:c", "first"))).outcome).toBe("replayed");
    const ttls = await records();
    expect(ttls).toHaveLength(2);
    for (const ttl of ttls) expect(ttl).toBeGreaterThan(86_000);
  });
});
