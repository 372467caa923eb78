// The event hub against the embedded store and real Node streams: slow clients are dropped with bounded memory, writes wake streams.
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createEventHub } from "../../../src/domain/activity/event-hub.js";
import { sinkOver } from "../../../src/routes/events.js";
import type { ActivityStore } from "../../../src/domain/activity/store.js";
import type { Store } from "../../../src/storage/port.js";
import { aLesson, aTask } from "../../helpers/fixtures.js";
import { memoryStoreFactory } from "../../helpers/stores.js";

const everything = { types: null, taskId: null, sessionId: null };
let store: Store;
afterEach(async () => store?.close());

describe("event hub", () => {
  it("drops a client that does not read, without buffering the whole log for it", async () => {
    store = await memoryStoreFactory();
    const task = aTask();
    for (let i = 0; i < 1000; i += 1) await store.captureLesson(task, aLesson({ error_message: `${i} ${"x".repeat(1000)}` }), null);
    const hub = createEventHub({ store, pollMs: 20, heartbeatMs: 15_000, slowClientMs: 200, maxStreams: 10 });

    // Nothing reads this body, as with a client whose socket stopped taking data.
    const body = new PassThrough();
    await hub.subscribe("default", "0-0", everything, sinkOver(body));

    expect(body.destroyed).toBe(true);
    expect(hub.openStreams).toBe(0);
    // At most one batch of about 1.5 KB events beyond the 16 KiB buffer was written before the hub waited.
    expect(body.writableLength + body.readableLength).toBeLessThan(16_384 + 100 * 1600);
  });

  it("wakes a stream at once when this replica writes, instead of at its next poll", async () => {
    store = await memoryStoreFactory();
    const hub = createEventHub({ store, pollMs: 60_000, heartbeatMs: 15_000, slowClientMs: 1000, maxStreams: 10 });
    const body = new PassThrough();
    const chunks: string[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const following = hub.subscribe("default", "0-0", everything, sinkOver(body));
    // Let the stream's first read find nothing, so that only the nudge can bring the lesson.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.captureLesson(aTask(), aLesson({ error_message: "now" }), null);
    hub.nudge("default");
    await expect.poll(() => chunks.join(""), { timeout: 2000 }).toContain('"error_message":"now"');
    hub.close();
    await following;
    expect(body.writableEnded).toBe(true);
    expect(hub.hasRoom()).toBe(false);
  });

  it("gives the caught-up streams of one tenant one reader: a read per write, not a read per stream", async () => {
    store = await memoryStoreFactory();
    let reads = 0;
    const counting: Pick<ActivityStore, "readEvents"> = {
      readEvents: (...args) => {
        reads += 1;
        return store.readEvents(...args);
      },
    };
    const hub = createEventHub({ store: counting, pollMs: 60_000, heartbeatMs: 15_000, slowClientMs: 1000, maxStreams: 100 });
    const received = Array.from({ length: 20 }, () => [] as string[]);
    const following = received.map((chunks) => {
      const body = new PassThrough();
      body.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
      return hub.subscribe("default", "0-0", everything, sinkOver(body));
    });
    await expect.poll(() => hub.tenantFeeds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = reads;

    const task = aTask();
    for (let i = 0; i < 10; i += 1) {
      await store.captureLesson(task, aLesson({ error_message: `lesson ${i}` }), null);
      hub.nudge("default");
      await expect.poll(() => received.every((chunks) => chunks.join("").includes(`"lesson ${i}"`))).toBe(true);
    }
    // One read per write (and none per stream): 10 writes, 20 streams.
    expect(reads - before).toBeLessThanOrEqual(10);
    for (const chunks of received) expect(chunks.join("").match(/event: lesson\.captured/g)).toHaveLength(10);
    hub.close();
    await Promise.all(following);
  });

  it("lets a stream whose client stopped reading go from the shared reader, without holding the others back", async () => {
    store = await memoryStoreFactory();
    const hub = createEventHub({ store, pollMs: 20, heartbeatMs: 15_000, slowClientMs: 200, maxStreams: 10 });
    const stuck = new PassThrough();
    const reader = new PassThrough();
    let read = "";
    reader.on("data", (chunk: Buffer) => (read += chunk.toString()));
    const following = [hub.subscribe("default", "0-0", everything, sinkOver(stuck)), hub.subscribe("default", "0-0", everything, sinkOver(reader))];
    await expect.poll(() => hub.tenantFeeds).toBe(1);

    const task = aTask();
    for (let i = 0; i < 300; i += 1) await store.captureLesson(task, aLesson({ error_message: `${i} ${"x".repeat(500)}` }), null);
    hub.nudge("default");

    await expect.poll(() => (read.match(/event: lesson\.captured/g) ?? []).length, { timeout: 5000 }).toBe(300);
    await expect.poll(() => stuck.destroyed, { timeout: 5000 }).toBe(true);
    hub.close();
    await Promise.all(following);
  });
});
