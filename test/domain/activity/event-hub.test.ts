// The event hub against the embedded store and real Node streams: slow clients are dropped with bounded memory, writes wake streams.
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createEventHub } from "../../../src/domain/activity/event-hub.js";
import { sinkOver } from "../../../src/routes/events.js";
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
});
