// GET /events over real HTTP: live Server-Sent Events per tenant, filters, replay with Last-Event-ID, heartbeats, limits and shutdown, on both stores.
import { describe, expect, it } from "vitest";
import { uniqueId } from "../helpers/fixtures.js";
import { expectProblem } from "../helpers/http.js";
import { useListeningApps } from "../helpers/listening-app.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const KEY_A = "events-test-key-alpha-0123456789";
const KEY_B = "events-test-key-bravo-9876543210";
const asA = { authorization: `Bearer ${KEY_A}` };
const asB = { authorization: `Bearer ${KEY_B}` };
const lesson = (message: string) => ({ attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });

describe.each(bothStores())("GET /events (%s store)", (_name, factory: StoreFactory) => {
  const start = useListeningApps(factory);

  it("streams each write's events as they happen, with ids and the stored documents as data", async () => {
    const { http, open } = await start();
    const stream = await open();
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["cache-control"]).toBe("no-cache, no-transform");

    const [task, session] = [uniqueId("task"), uniqueId("session")];
    const captured = await http.post(`/tasks/${task}/lessons`).send(lesson("boom"));
    const failed = await http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "search", arguments: { q: 1 }, outcome: "failure", error_type: "Bad" });
    const fixed = await http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "search", arguments: { q: 2 }, outcome: "success" });
    const resolved = await http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2, approach: "retry with q=2" });

    const events = await stream.waitForEvents(5);
    expect(events.map((event) => event.event)).toEqual(["lesson.captured", "tool_call.recorded", "tool_call.recorded", "fix.detected", "task.resolved"]);
    const { known_fixes: _known, redactions: _none, ...storedLesson } = captured.body as Record<string, unknown>;
    expect(events[0]!.data).toEqual(storedLesson);
    const { known_fix: _fix, redactions: _nothing, ...storedCall } = failed.body as Record<string, unknown>;
    // A call's event names its session, which the entry itself does not (its path does).
    expect(events[1]!.data).toEqual({ session_id: session, ...storedCall });
    expect(events[3]!.data).toEqual({ session_id: session, tool_name: "search", failed_call_id: "call-0001", fix_call_id: "call-0002", delta_args: { changed: { q: { from: 1, to: 2 } } } });
    const { redactions: _noneEither, ...storedResolution } = resolved.body as Record<string, unknown>;
    expect(events[4]!.data).toEqual(storedResolution);
    expect(fixed.status).toBe(201);
    const ids = events.map((event) => event.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.every((id) => /^\d+-\d+$/.test(id))).toBe(true);
  });

  it("sends only the types, task or session asked for", async () => {
    const { http, open } = await start();
    const [task, other, session] = [uniqueId("task"), uniqueId("task"), uniqueId("session")];
    const byType = await open("/events?types=fix.detected,task.resolved");
    const byTask = await open(`/events?task_id=${task}`);
    const bySession = await open(`/events?session_id=${session}&types=tool_call.recorded`);

    await http.post(`/tasks/${other}/lessons`).send(lesson("elsewhere"));
    await http.post(`/tasks/${task}/lessons`).send(lesson("here"));
    await http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: { a: 1 }, outcome: "failure" });
    await http.post(`/sessions/${uniqueId("session")}/tool-calls`).send({ tool_name: "t", arguments: {}, outcome: "success" });
    await http.post(`/sessions/${session}/tool-calls`).send({ tool_name: "t", arguments: { a: 2 }, outcome: "success" });
    await http.put(`/tasks/${task}/resolution`).send({ attempt_number: 2, approach: "x" });

    expect((await byType.waitForEvents(2)).map((event) => event.event)).toEqual(["fix.detected", "task.resolved"]);
    expect((await byTask.waitForEvents(2)).map((event) => [event.event, (event.data as { task_id: string }).task_id])).toEqual([
      ["lesson.captured", task],
      ["task.resolved", task],
    ]);
    expect((await bySession.waitForEvents(2)).map((event) => (event.data as { id: string }).id)).toEqual(["call-0001", "call-0002"]);
    // Nothing else arrives after them (a later marker event proves the streams were still reading).
    await http.put(`/tasks/${task}/resolution`).send({ attempt_number: 3, approach: "y" });
    await byType.waitForEvents(3);
    await byTask.waitForEvents(3);
    expect(byType.events).toHaveLength(3);
    expect(byTask.events).toHaveLength(3);
    expect(bySession.events).toHaveLength(2);
  });

  it("replays what a client missed after its Last-Event-ID, and nothing before it", async () => {
    const { http, open } = await start();
    const task = uniqueId("task");
    const first = await open();
    await http.post(`/tasks/${task}/lessons`).send(lesson("one"));
    const [seen] = await first.waitForEvents(1);
    first.close();
    for (const message of ["two", "three"]) await http.post(`/tasks/${task}/lessons`).send(lesson(message));

    const resumed = await open("/events", { "last-event-id": seen!.id });
    const missed = await resumed.waitForEvents(2);
    expect(missed.map((event) => (event.data as { error_message: string }).error_message)).toEqual(["two", "three"]);
    await http.post(`/tasks/${task}/lessons`).send(lesson("four"));
    expect(((await resumed.waitForEvents(3))[2]!.data as { error_message: string }).error_message).toBe("four");

    // Without Last-Event-ID a stream starts with what happens next.
    const fresh = await open();
    await http.post(`/tasks/${task}/lessons`).send(lesson("five"));
    expect(((await fresh.waitForEvents(1))[0]!.data as { error_message: string }).error_message).toBe("five");
  });

  it("starts with the last N events of the log when asked (recent=N), then follows; Last-Event-ID wins", async () => {
    const { http, open } = await start();
    const task = uniqueId("task");
    for (let i = 1; i <= 6; i += 1) await http.post(`/tasks/${task}/lessons`).send(lesson(`m${i}`));
    const messages = (events: Array<{ data: unknown }>) => events.map((event) => (event.data as { error_message: string }).error_message);

    const lastFour = await open("/events?recent=4");
    expect(messages(await lastFour.waitForEvents(4))).toEqual(["m3", "m4", "m5", "m6"]);
    const everything = await open("/events?recent=1000");
    expect(messages(await everything.waitForEvents(6))).toEqual(["m1", "m2", "m3", "m4", "m5", "m6"]);
    await http.post(`/tasks/${task}/lessons`).send(lesson("m7"));
    expect(messages(await lastFour.waitForEvents(5))).toEqual(["m3", "m4", "m5", "m6", "m7"]);
    expect(messages(await everything.waitForEvents(7)).at(-1)).toBe("m7");
    // A reconnect resumes after its last event, whatever recent says.
    const resumed = await open("/events?recent=4", { "last-event-id": lastFour.events[3]!.id });
    await http.post(`/tasks/${task}/lessons`).send(lesson("m8"));
    expect(messages(await resumed.waitForEvents(2))).toEqual(["m7", "m8"]);
    expect(lastFour.events).toHaveLength(6);
  });

  it("answers bad parameters with a 400 problem and opens no stream", async () => {
    const { http, app } = await start();
    for (const path of ["/events?types=lesson.deleted", "/events?types=", "/events?task_id=a%7Bb", "/events?since=1", "/events?recent=0", "/events?recent=1001", "/events?recent=all"]) {
      expectProblem(await http.get(path), 400);
    }
    const badId = await http.get("/events").set("last-event-id", "yesterday");
    expect(expectProblem(badId, 400).errors).toEqual([{ field: "headers.last-event-id", message: expect.stringContaining("<ms>-<seq>") }]);
    expect((await app.inject({ url: "/metrics" })).body).toMatch(/^event_streams_open 0$/m);
  });

  it("sends a comment as a heartbeat when nothing happens", async () => {
    const { open } = await start({ EVENTS_HEARTBEAT_MS: "150" });
    const stream = await open();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(stream.comments.filter((comment) => comment === "heartbeat").length).toBeGreaterThanOrEqual(2);
    expect(stream.events).toEqual([]);
  });

  it("refuses a stream past EVENTS_MAX_STREAMS with a 503 problem, and counts the open ones", async () => {
    const { app, open } = await start({ EVENTS_MAX_STREAMS: "1" });
    const first = await open();
    const second = await open();
    expect(first.status).toBe(200);
    expect(second.status).toBe(503);
    expect(JSON.parse(second.body())).toMatchObject({ code: "TOO_MANY_STREAMS", status: 503 });
    expect((await app.inject({ url: "/metrics" })).body).toMatch(/^event_streams_open 1$/m);
  });

  it("frees a stream as soon as its client goes away", async () => {
    const { app, open } = await start();
    const streams = [await open(), await open()];
    const openStreams = async () => /^event_streams_open (\d+)$/m.exec((await app.inject({ url: "/metrics" })).body)?.[1];
    await expect.poll(openStreams).toBe("2");
    for (const stream of streams) stream.close();
    // Well before the 15 s heartbeat that would otherwise be the stream's next wake.
    await expect.poll(openStreams, { timeout: 2000 }).toBe("0");
  });

  it("ends every stream cleanly when the server shuts down", async () => {
    const { app, open } = await start();
    const stream = await open();
    const closing = app.close();
    await stream.ended(3000);
    await closing;
    expect(stream.body()).toMatch(/^retry: 2000\n: connected\n\n/);
  });

  it("keeps tenants apart: a stream sees only its own tenant's events, and needs a key", async () => {
    const { http, open } = await start({ API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b` });
    expect((await open()).status).toBe(401);
    const [a, b] = [await open("/events", asA), await open("/events", asB)];
    await http.post(`/tasks/${uniqueId("task")}/lessons`).set(asA).send(lesson("for a"));
    await http.post(`/tasks/${uniqueId("task")}/lessons`).set(asB).send(lesson("for b"));
    expect(((await a.waitForEvents(1))[0]!.data as { error_message: string }).error_message).toBe("for a");
    expect(((await b.waitForEvents(1))[0]!.data as { error_message: string }).error_message).toBe("for b");
    await http.post(`/tasks/${uniqueId("task")}/lessons`).set(asB).send(lesson("for b again"));
    await b.waitForEvents(2);
    expect(a.events).toHaveLength(1);
  });
});
