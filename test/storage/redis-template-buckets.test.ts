// Templates on Redis, decided in TypeScript and kept by a version-guarded script, against learnTemplate over one state: the same answers at every step, the same state,
// and the same again when several processes with caches of their own learn into one tenant.
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
import { createRedisTemplateBuckets, type RedisTemplateOptions } from "../../src/storage/redis/template-buckets.js";
import { createKeys, type Keys } from "../../src/storage/redis/keys.js";
import { AGENT_ERRORS, generatedMessages, RULE_CASES } from "../helpers/failure-messages.js";
import { keyed, valueOf } from "../helpers/fixtures.js";
import { keysMatching, scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

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

/** A process's view of the tenant's templates: its own cache, on the shared Redis. */
const processOn = (keys: Keys, options: Partial<RedisTemplateOptions> = {}) =>
  createRedisTemplateBuckets(scripted(), keys, { ttlSeconds: 0, recordTtlSeconds: 86_400, ...options });

/** Each bucket of the tenant (named by its versions) and its ids, oldest first, as the bucket's sorted set keeps them. */
async function membersOf(keys: Keys, tenant: string): Promise<Record<string, string[]>> {
  const k = keys.shared(tenant);
  const buckets = await scripted().hkeys(k.templateVersions);
  const members = await Promise.all(buckets.map((bucket) => scripted().zrange(k.templateBucket(bucket), "0", "-1")));
  return Object.fromEntries(buckets.map((bucket, i) => [bucket, members[i]!]));
}

/** The tenant's template keys read back into the TypeScript state's shape; every id is a template of exactly one bucket. */
async function stateInRedis(keys: Keys, tenant: string): Promise<TemplateState> {
  const k = keys.shared(tenant);
  const [members, shapes, seen, counts, clock] = await Promise.all([
    membersOf(keys, tenant),
    scripted().hgetall(k.templateRecords),
    scripted().zrange(k.templateSeen, "0", "-1", "WITHSCORES"),
    scripted().hgetall(k.templateCounts),
    scripted().get(k.templateClock),
  ]);
  const seenOf = new Map<string, number>();
  for (let i = 0; i < seen.length; i += 2) seenOf.set(seen[i]!, Number(seen[i + 1]));
  const state: TemplateState = { clock: Number(clock ?? 0), templates: {}, buckets: {} };
  // The store keeps no creation time: a template's order in its bucket is what placing reads.
  for (const [bucket, ids] of Object.entries(members)) {
    // A bucket whose last template was forgotten has neither a version nor a key.
    expect(ids.length, bucket).toBeGreaterThan(0);
    state.buckets[bucket] = ids;
    for (const id of state.buckets[bucket]!) {
      const { bucket: own, tokens, gaps } = JSON.parse(shapes[id]!) as { bucket: string; tokens: string[]; gaps: boolean[] };
      expect(own).toBe(bucket);
      state.templates[id] = { tokens, gaps, created: 0, seen: seenOf.get(id)!, count: Number(counts[id]) };
    }
  }
  const ids = Object.keys(state.templates).sort();
  expect([[...seenOf.keys()].sort(), Object.keys(counts).sort(), Object.keys(shapes).sort()]).toEqual([ids, ids, ids]);
  return state;
}

const withoutCreated = (state: TemplateState): TemplateState => ({
  ...state,
  templates: Object.fromEntries(Object.entries(state.templates).map(([id, template]) => [id, { ...template, created: 0 }])),
});

/**
 * Learns the messages in order on Redis (on a tenant of its own, the steps taken in turn by `processes` processes with
 * caches of their own) and with learnTemplate, expecting the same answer at every step and the same state at the end;
 * answers what the steps exercised.
 */
async function expectParity(messages: readonly string[], maxTemplates: number = MAX_TEMPLATES, processes = 1): Promise<Set<Happening>> {
  const keys = createKeys(uniquePrefix());
  const replicas = Array.from({ length: processes }, () => processOn(keys, { maxTemplates }));
  let state = emptyTemplateState();
  const exercised = new Set<Happening>();
  const forgotten = new Set<string>();
  for (const [step, message] of messages.entries()) {
    const learned = learnTemplate(state, message, maxTemplates);
    const { state: next, ...expected } = learned;
    const answer = valueOf(await replicas[step % processes]!.learn(TENANT, message));
    expect(answer, `step ${step}: ${JSON.stringify(message)}`).toEqual(expected);
    for (const happening of happenings(state, message, learned, forgotten)) exercised.add(happening);
    if (learned.forgotten !== null) forgotten.add(learned.forgotten);
    state = next;
  }
  expect(await stateInRedis(keys, TENANT)).toEqual(withoutCreated(state));
  return exercised;
}

describe("failure templates on Redis", () => {
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

  it("answers as one state does when three processes, each deciding on its own cached buckets, take the steps in turn", async () => {
    const exercised = await expectParity(generatedMessages(300, 11), 40, 3);
    for (const rule of ["seen", "generalised", "created", "forgotten"] as const) expect(exercised).toContain(rule);
  });

  it("applies concurrent steps from three processes exactly once each: one template for one failure, every message counted", async () => {
    const keys = createKeys(uniquePrefix());
    const processes = [processOn(keys), processOn(keys), processOn(keys)];
    const messages = Array.from({ length: 60 }, (_, i) => `worker ${1000 + i} crashed while loading batch`);
    const answers = await Promise.all(messages.map((message, i) => processes[i % 3]!.learn(TENANT, message)));
    const ids = new Set(answers.map((answer) => valueOf(answer).templateId));
    expect(ids.size).toBe(1);
    const state = await stateInRedis(keys, TENANT);
    expect(Object.values(state.templates).map((template) => template.count)).toEqual([60]);
    expect(state.clock).toBe(60);
  });

  it("decides a step on a bucket another process changed since: the stale decision is refused and made again on the bucket as it reads", async () => {
    const keys = createKeys(uniquePrefix());
    const [a, b] = [processOn(keys), processOn(keys)];
    expect(valueOf(await a.learn(TENANT, "Invalid user alice from host")).change).toBe("created");
    // b widens the template; a still holds the bucket as it left it.
    expect(valueOf(await b.learn(TENANT, "Invalid user bob from host")).change).toBe("generalised");
    const again = valueOf(await a.learn(TENANT, "Invalid user carol from host"));
    expect(again).toMatchObject({ change: "seen", template: "Invalid user <*> from host" });
  });

  it("does not trust its cache of a bucket that another process changed before this one forgot a template of it", async () => {
    const keys = createKeys(uniquePrefix());
    const [a, b] = [processOn(keys, { maxTemplates: 2 }), processOn(keys, { maxTemplates: 2 })];
    // Bucket "4 alpha" holds t1 (as a read it); b adds t2 there; a's next template, in another bucket, forgets t1.
    const messages: Array<[typeof a, string]> = [
      [a, "alpha one two three"],
      [b, "alpha four five six"],
      [a, "beta seven eight"],
      // a must see t2, which its cache of the bucket never held.
      [a, "alpha four five six"],
    ];
    let state = emptyTemplateState();
    for (const [process, message] of messages) {
      const learned = learnTemplate(state, message, 2);
      const { state: next, ...expected } = learned;
      expect(valueOf(await process.learn(TENANT, message)), message).toEqual(expected);
      state = next;
    }
    expect(await stateInRedis(keys, TENANT)).toEqual(withoutCreated(state));
  });

  it("keeps each tenant's templates apart", async () => {
    const keys = createKeys(uniquePrefix());
    const store = processOn(keys);
    const first = valueOf(await store.learn("one", "Invalid user alice from host"));
    const other = valueOf(await store.learn("two", "Invalid user bob from host"));
    expect([first.change, other.change]).toEqual(["created", "created"]);
    expect(await stateInRedis(keys, "two")).toMatchObject({ clock: 1 });
  });

  it("gives the tenant's template keys the retention asked for, renewed by writes, and none when it is 0", async () => {
    const keys = createKeys(uniquePrefix());
    await processOn(keys).learn("kept", "job exited");
    const expiring = processOn(keys, { ttlSeconds: 3600 });
    await expiring.learn("expiring", "job exited");
    await expiring.learn("expiring", "job exited");
    const ttlsOf = (tenant: string) => {
      const k = keys.shared(tenant);
      const bucket = k.templateBucket(prepareMessage("job exited").bucket);
      return Promise.all([k.templateRecords, bucket, k.templateVersions, k.templateSeen, k.templateCounts, k.templateClock].map((key) => scripted().ttl(key)));
    };
    expect(await ttlsOf("kept")).toEqual([-1, -1, -1, -1, -1, -1]);
    for (const ttl of await ttlsOf("expiring")) expect(ttl).toBeGreaterThan(3500);
  });

  it("keeps a keyed step's answer for the idempotency time under tmpl:keyed:, never an unkeyed one's, and tells apart writes whose scope and key split alike", async () => {
    const keys = createKeys(uniquePrefix());
    const store = processOn(keys);
    const records = async () => {
      const found = await keysMatching(scripted(), `${keys.shared(TENANT).prefix}*tmpl:keyed:*`);
      return Promise.all(found.map((key) => scripted().ttl(key)));
    };
    await store.learn(TENANT, "job exited");
    expect(await records()).toEqual([]);

    const write = (scope: string, key: string, fingerprint: string) => ({ scope, key: keyed(key, fingerprint) });
    expect((await store.learn(TENANT, "job exited", write("call:a", "b:c", "first"))).outcome).toBe("applied");
    // Session `a:b` with key `c` is another write, though its scope and key joined by `:` read the same.
    expect((await store.learn(TENANT, "job exited", write("call:a:b", "c", "second"))).outcome).toBe("applied");
    expect((await store.learn(TENANT, "job exited", write("call:a", "b:c", "first"))).outcome).toBe("replayed");
    const ttls = await records();
    expect(ttls).toHaveLength(2);
    for (const ttl of ttls) expect(ttl).toBeGreaterThan(86_000);
  });
});
