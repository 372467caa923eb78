// An upgrade keeps what the tenant's templates learned: buckets kept by the layout before (one JSON list per bucket) are moved once, and every failure keeps its template.
import { describe, expect, it } from "vitest";
import { emptyTemplateState, learnTemplate, type TemplateState } from "../../src/domain/failures/templates.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { LAYOUT_VERSION, migrateLayout } from "../../src/storage/redis/migrations.js";
import { createRedisTemplateBuckets } from "../../src/storage/redis/template-buckets.js";
import { generatedMessages } from "../helpers/failure-messages.js";
import { valueOf } from "../helpers/fixtures.js";
import { scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

const scripted = scriptedRedisForFile();

/** The tenant's templates written as the layout before kept them: a hash of buckets, each its templates as a JSON list, and beside it each template's bucket and a cache of signatures. */
async function writeOldLayout(prefix: string, tenant: string, state: TemplateState, ttlSeconds: number): Promise<void> {
  const keys = createKeys(prefix).shared(tenant);
  const root = `${prefix}:{${tenant}:shared}:`;
  const buckets = Object.fromEntries(
    Object.entries(state.buckets).map(([bucket, ids]) => [bucket, JSON.stringify(ids.map((id) => ({ id, ...state.templates[id], seen: undefined, count: undefined })))]),
  );
  const bucketOf = Object.fromEntries(Object.entries(state.buckets).flatMap(([bucket, ids]) => ids.map((id) => [id, bucket])));
  const redis = scripted();
  await redis.hset(`${root}tmpl:buckets`, buckets);
  await redis.hset(`${root}tmpl:bucket-of`, bucketOf);
  await redis.hset(`${root}tmpl:signatures`, "0123456789abcdef\nTypeError", "fedcba9876543210");
  for (const [id, template] of Object.entries(state.templates)) {
    await redis.zadd(keys.templateSeen, template.seen, id);
    await redis.hset(keys.templateCounts, id, template.count);
  }
  await redis.set(keys.templateClock, state.clock);
  if (ttlSeconds > 0) for (const key of [`${root}tmpl:buckets`, keys.templateSeen, keys.templateCounts, keys.templateClock]) await redis.expire(key, ttlSeconds);
}

describe("the template layout's migration", () => {
  it("moves each tenant's buckets once: the same failures meet the same templates after it, the old keys are gone, and a second run moves nothing", async () => {
    const prefix = uniquePrefix();
    const keys = createKeys(prefix);
    const messages = generatedMessages(200, 5);
    let state = emptyTemplateState();
    const before: string[] = [];
    for (const message of messages) {
      const learned = learnTemplate(state, message);
      state = learned.state;
      before.push(learned.templateId);
    }
    await writeOldLayout(prefix, "north", state, 3600);
    await writeOldLayout(prefix, "south:east", state, 0);

    const report = await migrateLayout(scripted(), keys, prefix);
    expect(report.version).toBe(LAYOUT_VERSION);
    expect(report.applied[0]).toEqual({ name: "template buckets split into shapes, sets and versions", moved: 2 });
    for (const tenant of ["north", "south:east"]) {
      const root = `${prefix}:{${tenant}:shared}:`;
      expect(await scripted().exists(`${root}tmpl:buckets`, `${root}tmpl:bucket-of`, `${root}tmpl:signatures`)).toBe(0);
    }
    // The moved keys keep the tenant's retention.
    const ttl = await scripted().ttl(keys.shared("north").templateRecords);
    expect(ttl > 3500 && ttl <= 3600).toBe(true);
    expect(await scripted().ttl(keys.shared("south:east").templateRecords)).toBe(-1);

    for (const tenant of ["north", "south:east"]) {
      const templates = createRedisTemplateBuckets(scripted(), keys, { ttlSeconds: 0, recordTtlSeconds: 60 });
      const again: string[] = [];
      for (const message of messages) {
        const learned = valueOf(await templates.learn(tenant, message));
        again.push(learned.templateId);
        // Every message was learned before the move, so none makes a template now.
        expect(learned.change, message).not.toBe("created");
      }
      expect(again).toEqual(before.map((_, i) => learnTemplate(state, messages[i]!).templateId));
    }
    expect(await migrateLayout(scripted(), keys, prefix)).toEqual({ version: LAYOUT_VERSION, applied: [] });
  });

  it("runs once when replicas start together: a run that finds another holding the lock waits for it and moves nothing", async () => {
    const prefix = uniquePrefix();
    const keys = createKeys(prefix);
    await writeOldLayout(prefix, "acme", learnTemplate(emptyTemplateState(), "job 7 exited with code 1").state, 0);
    const reports = await Promise.all([migrateLayout(scripted(), keys, prefix), migrateLayout(scripted(), keys, prefix)]);
    expect(reports.map((report) => report.applied.length).sort()).toEqual([0, LAYOUT_VERSION]);
    // Both answered only once the layout was moved.
    expect(reports.map((report) => report.version)).toEqual([LAYOUT_VERSION, LAYOUT_VERSION]);
    expect(await scripted().hlen(keys.shared("acme").templateRecords)).toBe(1);
  });
});
