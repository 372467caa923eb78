// Event streams across two real service processes on one Redis (single server or cluster): writes through one reach streams on the other, and a client resumes on either.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEventStream } from "../helpers/event-stream.js";
import { uniqueId } from "../helpers/fixtures.js";
import { ReplicaClient, sharedRedisEnv, sharedRedisTopology, startReplicas } from "../helpers/replicas.js";
import type { ServerProcess } from "../helpers/server-process.js";
import { uniquePrefix } from "../helpers/stores.js";

const KEY_A = "stream-replica-key-A-0123456789";
const KEY_B = "stream-replica-key-B-9876543210";
const asA = { authorization: `Bearer ${KEY_A}` };
const asB = { authorization: `Bearer ${KEY_B}` };
const lesson = (message: string) => ({ attempt_number: 1, tier: 1, error_type: "TypeError", error_message: message });
const messageOf = (data: unknown) => (data as { error_message: string }).error_message;

describe(`event streams across two replicas sharing ${sharedRedisTopology()}`, () => {
  let servers: ServerProcess[] = [];
  let clients: ReplicaClient[] = [];

  beforeAll(async () => {
    // The default poll interval: what a deployment gets.
    servers = await startReplicas(2, { ...sharedRedisEnv(), REDIS_KEY_PREFIX: uniquePrefix(), API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b`, LOG_LEVEL: "warn" });
    clients = servers.map((server) => new ReplicaClient(server.baseUrl));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(servers.map((server) => server.stop()));
  });

  it("delivers a write through one replica to a stream on the other, for its tenant only", async () => {
    const onB = await openEventStream(servers[1]!.baseUrl, "/events", asA);
    const otherTenant = await openEventStream(servers[1]!.baseUrl, "/events", asB);
    try {
      const task = uniqueId("task");
      expect((await clients[0]!.post(`/tasks/${task}/lessons`, lesson("written on A"), { headers: asA })).status).toBe(201);
      expect((await clients[0]!.post(`/sessions/${uniqueId("session")}/tool-calls`, { tool_name: "t", arguments: {}, outcome: "success" }, { headers: asA })).status).toBe(201);
      const events = await onB.waitForEvents(2, 3000);
      expect(events.map((event) => event.event)).toEqual(["lesson.captured", "tool_call.recorded"]);
      expect(messageOf(events[0]!.data)).toBe("written on A");
      expect(otherTenant.events).toEqual([]);
    } finally {
      onB.close();
      otherTenant.close();
    }
  });

  it("resumes on the other replica with Last-Event-ID, missing nothing and repeating nothing", async () => {
    const task = uniqueId("task");
    const first = await openEventStream(servers[0]!.baseUrl, `/events?task_id=${task}`, asA);
    await clients[0]!.post(`/tasks/${task}/lessons`, lesson("one"), { headers: asA });
    const [seen] = await first.waitForEvents(1, 3000);
    first.close();
    for (const [i, message] of ["two", "three", "four"].entries()) await clients[i % 2]!.post(`/tasks/${task}/lessons`, lesson(message), { headers: asA });

    const resumed = await openEventStream(servers[1]!.baseUrl, `/events?task_id=${task}`, { ...asA, "last-event-id": seen!.id });
    try {
      expect((await resumed.waitForEvents(3, 3000)).map((event) => messageOf(event.data))).toEqual(["two", "three", "four"]);
    } finally {
      resumed.close();
    }
  });
});
