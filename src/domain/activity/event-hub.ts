// Serves each open event stream from the tenant's log: replay from an id, then follow it as writes arrive.
import type { ActivityStore } from "../../storage/port.js";
import { type EventFilter, formatEvent, matchesFilter } from "./events.js";

/** Where a stream's text goes: an HTTP response, seen through what the hub needs of it. */
export interface EventSink {
  /** Writes text; false when the client's buffer is full and it should drain first. */
  write(text: string): boolean;
  /** Resolves when the buffer has drained (or the sink closed). */
  drained(): Promise<void>;
  /** True once the client went away or the stream was ended. */
  readonly closed: boolean;
  /** Ends the stream cleanly (shutdown). */
  end(): void;
  /** Drops the connection (a client too slow to keep up); it resumes with Last-Event-ID. */
  drop(): void;
}

export interface EventHubOptions {
  store: Pick<ActivityStore, "readEvents">;
  /** How often an idle stream looks for events written through other replicas. */
  pollMs: number;
  /** A comment line goes out after this long without any other line. */
  heartbeatMs: number;
  /** How long a full client buffer may take to drain before the client is dropped. */
  slowClientMs: number;
  /** Streams open at once on this replica, at most. */
  maxStreams: number;
  /** Events read per round trip. */
  batchSize?: number;
  /** Told when a read fails; the stream stays open and reads again at the next poll. */
  onReadError?: (error: unknown) => void;
}

interface Subscriber {
  tenant: string;
  sink: EventSink;
  wake: () => void;
  /** A nudge came while the stream was reading: it reads again before it sleeps. */
  nudged: boolean;
}

export function createEventHub(options: EventHubOptions) {
  const batchSize = options.batchSize ?? 100;
  const open = new Set<Subscriber>();
  let closed = false;

  const sleep = (subscriber: Subscriber, ms: number) =>
    new Promise<void>((resolve) => {
      if (subscriber.nudged || closed) {
        subscriber.nudged = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        subscriber.wake = () => {};
        resolve();
      }
      subscriber.wake = done;
    });

  const nudge = (subscriber: Subscriber) => {
    subscriber.nudged = true;
    subscriber.wake();
  };

  /** Waits for the sink to drain, at most slowClientMs; false when it did not (the client is dropped). */
  async function keepsUp(sink: EventSink): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), options.slowClientMs)));
    const drained = await Promise.race([sink.drained().then(() => true as const), late]);
    clearTimeout(timer);
    return drained;
  }

  async function follow(subscriber: Subscriber, after: string, filter: EventFilter): Promise<void> {
    const { tenant, sink } = subscriber;
    let last = after;
    let lastWrite = Date.now();
    while (!closed && !sink.closed) {
      let events: Awaited<ReturnType<EventHubOptions["store"]["readEvents"]>> = [];
      try {
        events = await options.store.readEvents(tenant, last, batchSize);
      } catch (error) {
        options.onReadError?.(error);
      }
      let full = false;
      for (const event of events) {
        last = event.id;
        if (!matchesFilter(event, filter)) continue;
        full = !sink.write(formatEvent(event)) || full;
        lastWrite = Date.now();
      }
      if (full && !(await keepsUp(sink))) {
        sink.drop();
        return;
      }
      if (events.length === batchSize) continue;
      if (Date.now() - lastWrite >= options.heartbeatMs) {
        sink.write(": heartbeat\n\n");
        lastWrite = Date.now();
      }
      await sleep(subscriber, Math.min(options.pollMs, options.heartbeatMs - (Date.now() - lastWrite)));
    }
  }

  return {
    /** False when this replica already serves maxStreams streams. */
    hasRoom(): boolean {
      return !closed && open.size < options.maxStreams;
    },

    get openStreams(): number {
      return open.size;
    },

    /**
     * Streams the tenant's events after the one with id `after` that pass the filter, until the
     * sink closes or the hub does. The first line goes out at once, so proxies and clients see
     * the stream open.
     */
    async subscribe(tenant: string, after: string, filter: EventFilter, sink: EventSink): Promise<void> {
      const subscriber: Subscriber = { tenant, sink, wake: () => {}, nudged: false };
      open.add(subscriber);
      try {
        sink.write("retry: 2000\n: connected\n\n");
        await follow(subscriber, after, filter);
      } finally {
        open.delete(subscriber);
        if (!sink.closed) sink.end();
      }
    },

    /** A write of this replica's: its tenant's streams read now instead of at their next poll. */
    nudge(tenant: string): void {
      for (const subscriber of open) if (subscriber.tenant === tenant) nudge(subscriber);
    },

    /** Ends every stream (shutdown); new ones are refused. */
    close(): void {
      closed = true;
      for (const subscriber of open) {
        subscriber.sink.end();
        nudge(subscriber);
      }
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
