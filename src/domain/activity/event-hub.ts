// Serves each open event stream from the tenant's log: replay from an id, then follow it as writes arrive.
import type { ActivityStore } from "./store.js";
import type { TenantEvent } from "./types.js";
import { compareEventIds, type EventFilter, formatEvent, matchesFilter } from "./events.js";

/** Where a stream's text goes: an HTTP response, seen through what the hub needs of it. */
export interface EventSink {
  /** Writes text; false when the client's buffer is full and it should drain first. */
  write(text: string): boolean;
  /** Resolves when the buffer has drained (or the sink closed). */
  drained(): Promise<void>;
  /** True once the client went away or the stream was ended. */
  readonly closed: boolean;
  /** Calls `listener` once when the client goes away, so its stream stops at once rather than at its next wake. */
  onClose(listener: () => void): void;
  /** Ends the stream cleanly (shutdown). */
  end(): void;
  /** Drops the connection (a client too slow to keep up); it resumes with Last-Event-ID. */
  drop(): void;
}

export interface EventHubOptions {
  store: Pick<ActivityStore, "readEvents">;
  /** How often an idle tenant's log is read for events written through other replicas. */
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

/** Something that sleeps between reads and can be woken early. */
interface Sleeper {
  wake: () => void;
  /** A wake came while it was awake: it reads again before it sleeps. */
  nudged: boolean;
}

interface Subscriber extends Sleeper {
  tenant: string;
  sink: EventSink;
  filter: EventFilter;
  /** The id of the last event this stream has passed (sent or filtered out). */
  position: string;
  /** True while the tenant's feed delivers to it; false while it reads on its own (replay, or a full buffer). */
  joined: boolean;
  /** The feed let it go because its buffer was full: it waits for the drain before reading again. */
  backedUp: boolean;
  lastWrite: number;
}

/** One reader per tenant for every caught-up stream of this replica: a read per poll, not a read per stream. */
interface TenantFeed extends Sleeper {
  last: string;
  members: Set<Subscriber>;
}

export function createEventHub(options: EventHubOptions) {
  const batchSize = options.batchSize ?? 100;
  const open = new Set<Subscriber>();
  /** The open streams of each tenant, so that a write wakes its own tenant's only. */
  const byTenant = new Map<string, Set<Subscriber>>();
  const feeds = new Map<string, TenantFeed>();
  let closed = false;

  function sleep(sleeper: Sleeper, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (sleeper.nudged || closed) {
        sleeper.nudged = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        // The nudge that woke it is spent: only one that comes while it is awake makes it read again.
        sleeper.nudged = false;
        sleeper.wake = () => {};
        resolve();
      }
      sleeper.wake = done;
    });
  }

  function nudge(sleeper: Sleeper): void {
    sleeper.nudged = true;
    sleeper.wake();
  }

  async function read(tenant: string, after: string): Promise<TenantEvent[]> {
    try {
      return await options.store.readEvents(tenant, after, batchSize);
    } catch (error) {
      options.onReadError?.(error);
      return [];
    }
  }

  /** Sends one event to one stream if it is new to it and passes its filter; false when its buffer is full. */
  function deliver(subscriber: Subscriber, event: TenantEvent, text: () => string): boolean {
    if (compareEventIds(event.id, subscriber.position) <= 0) return true;
    subscriber.position = event.id;
    if (!matchesFilter(event, subscriber.filter)) return true;
    subscriber.lastWrite = Date.now();
    return subscriber.sink.write(text());
  }

  /** Waits for the sink to drain, at most slowClientMs; false when it did not. */
  async function keepsUp(sink: EventSink): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), options.slowClientMs)));
    const drained = await Promise.race([sink.drained().then(() => true as const), late]);
    clearTimeout(timer);
    return drained;
  }

  function leave(subscriber: Subscriber): void {
    subscriber.joined = false;
    feeds.get(subscriber.tenant)?.members.delete(subscriber);
  }

  async function runFeed(tenant: string, feed: TenantFeed): Promise<void> {
    try {
      while (!closed && feed.members.size > 0) {
        const events = await read(tenant, feed.last);
        for (const event of events) {
          feed.last = event.id;
          let text: string | undefined;
          for (const member of feed.members) {
            if (deliver(member, event, () => (text ??= formatEvent(event)))) continue;
            // A full buffer must not hold the others back: the stream reads on its own until it drains.
            leave(member);
            member.backedUp = true;
            nudge(member);
          }
        }
        if (events.length === batchSize) continue;
        await sleep(feed, options.pollMs);
      }
    } finally {
      // However the feed ends, no stream stays joined to a reader that is gone: each reads on its own again.
      if (feeds.get(tenant) === feed) feeds.delete(tenant);
      for (const member of feed.members) {
        member.joined = false;
        nudge(member);
      }
      feed.members.clear();
    }
  }

  /** Joins the tenant's feed if the stream has read as far as the feed; false when it must read more first. */
  function tryJoin(subscriber: Subscriber): boolean {
    let feed = feeds.get(subscriber.tenant);
    if (!feed) {
      feed = { last: subscriber.position, members: new Set(), wake: () => {}, nudged: false };
      feeds.set(subscriber.tenant, feed);
      feed.members.add(subscriber);
      subscriber.joined = true;
      void runFeed(subscriber.tenant, feed);
      return true;
    }
    // Behind the feed: the events in between went out to the others already; read them first.
    if (compareEventIds(subscriber.position, feed.last) < 0) return false;
    feed.members.add(subscriber);
    subscriber.joined = true;
    return true;
  }

  async function follow(subscriber: Subscriber): Promise<void> {
    const { sink } = subscriber;
    while (!closed && !sink.closed) {
      if (!subscriber.joined) {
        if (subscriber.backedUp) {
          if (!(await keepsUp(sink))) {
            sink.drop();
            return;
          }
          subscriber.backedUp = false;
        }
        const events = await read(subscriber.tenant, subscriber.position);
        let full = false;
        for (const event of events) full = !deliver(subscriber, event, () => formatEvent(event)) || full;
        if (full && !(await keepsUp(sink))) {
          sink.drop();
          return;
        }
        if (events.length === batchSize) continue;
        if (!tryJoin(subscriber) && events.length > 0) continue;
      }
      if (Date.now() - subscriber.lastWrite >= options.heartbeatMs) {
        sink.write(": heartbeat\n\n");
        subscriber.lastWrite = Date.now();
      }
      // Joined, it wakes for heartbeats (and when the feed lets it go); alone, it also polls.
      const wait = options.heartbeatMs - (Date.now() - subscriber.lastWrite);
      await sleep(subscriber, subscriber.joined ? wait : Math.min(options.pollMs, wait));
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

    /** Tenants whose caught-up streams share one reader now (for tests and metrics). */
    get tenantFeeds(): number {
      return feeds.size;
    },

    /**
     * Streams the tenant's events after the one with id `after` that pass the filter, until the
     * sink closes or the hub does. The first line goes out at once, so proxies and clients see
     * the stream open.
     */
    async subscribe(tenant: string, after: string, filter: EventFilter, sink: EventSink): Promise<void> {
      const subscriber: Subscriber = { tenant, sink, filter, position: after, joined: false, backedUp: false, lastWrite: Date.now(), wake: () => {}, nudged: false };
      open.add(subscriber);
      let ofTenant = byTenant.get(tenant);
      if (!ofTenant) byTenant.set(tenant, (ofTenant = new Set()));
      ofTenant.add(subscriber);
      sink.onClose(() => nudge(subscriber));
      try {
        sink.write("retry: 2000\n: connected\n\n");
        await follow(subscriber);
      } finally {
        leave(subscriber);
        open.delete(subscriber);
        ofTenant.delete(subscriber);
        if (ofTenant.size === 0 && byTenant.get(tenant) === ofTenant) byTenant.delete(tenant);
        if (!sink.closed) sink.end();
      }
    },

    /** A write of this replica's: the tenant's streams read now instead of at their next poll. */
    nudge(tenant: string): void {
      const feed = feeds.get(tenant);
      if (feed) nudge(feed);
      for (const subscriber of byTenant.get(tenant) ?? []) if (!subscriber.joined) nudge(subscriber);
    },

    /** Ends every stream (shutdown); new ones are refused. */
    close(): void {
      closed = true;
      for (const subscriber of open) {
        subscriber.sink.end();
        nudge(subscriber);
      }
      for (const feed of feeds.values()) nudge(feed);
    },
  };
}

export type EventHub = ReturnType<typeof createEventHub>;
