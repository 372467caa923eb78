// The embedded store's failure templates and Redis's answer alike: the same messages, tenants interleaved, give the same templates.
import { describe, expect, it } from "vitest";
import { MAX_TEMPLATES, type LearnedFailureTemplate } from "../../src/domain/failures/templates.js";
import { createMemoryFailureTemplates } from "../../src/storage/memory/failure-templates.js";
import { createRedisTemplateBuckets } from "../../src/storage/redis/template-buckets.js";
import { createKeys } from "../../src/storage/redis/keys.js";
import { generatedMessages } from "../helpers/failure-messages.js";
import { valueOf } from "../helpers/fixtures.js";
import { scriptedRedisForFile, uniquePrefix } from "../helpers/stores.js";

type Learn = (tenant: string, message: string) => Promise<LearnedFailureTemplate>;

const TTL_SECONDS = 3600;
const scripted = scriptedRedisForFile();

/** Each store's way of learning a message, on fresh tenants, keeping at most `maxTemplates` each. */
function adapters(maxTemplates: number): Record<"memory" | "redis", Learn> {
  const memory = createMemoryFailureTemplates({ ttlSeconds: TTL_SECONDS, idempotencyTtlSeconds: TTL_SECONDS, now: Date.now, maxTemplates });
  const redis = createRedisTemplateBuckets(scripted(), createKeys(uniquePrefix()), { ttlSeconds: TTL_SECONDS, recordTtlSeconds: TTL_SECONDS, maxTemplates });
  return {
    memory: async (tenant, message) => valueOf(memory.learnFailureTemplate(tenant, message)),
    redis: async (tenant, message) => valueOf(await redis.learn(tenant, message)),
  };
}

/** Each adapter's answers to the messages, given in turn to two tenants. */
async function answersOf(learn: Learn, messages: readonly string[]): Promise<LearnedFailureTemplate[]> {
  const answers: LearnedFailureTemplate[] = [];
  for (const [i, message] of messages.entries()) answers.push(await learn(i % 3 === 0 ? "north" : "south", message));
  return answers;
}

describe("failure templates in either store", () => {
  it.each([MAX_TEMPLATES, 5])("answer the same templates, changes and forgotten ids for the same messages (at most %i templates)", async (maxTemplates) => {
    const messages = generatedMessages(300, 42);
    const stores = adapters(maxTemplates);
    const expected = await answersOf(stores.memory, messages);
    expect(await answersOf(stores.redis, messages)).toEqual(expected);
    expect(new Set(expected.map((answer) => answer.change))).toEqual(new Set(["seen", "generalised", "created"]));
  });
});
