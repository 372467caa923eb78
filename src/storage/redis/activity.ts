// Redis activity reads: listings walk the tenant's index and read each item in its own slot; events come from a stream.
import type { ActivityCounts, ListingCursor, SessionSummary, TaskSummary, TenantEvent } from "../../domain/activity/types.js";
import { emptyCounts } from "../../domain/activity/timeline.js";
import { isEventType } from "../../domain/activity/events.js";
import { walkById, walkListing, type ListingSource } from "../listing-walk.js";
import { sessionSummaryOf, taskSummaryOf } from "../listing-items.js";
import type { ActivityStore, ToolMemoryStore } from "../port.js";
import { guarded } from "./errors.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { countersFrom } from "./lessons.js";
import type { ScriptedRedis } from "./scripts.js";

const MINUTE_FIELDS: Record<string, keyof ActivityCounts> = { l: "lessons", c: "tool_calls", s: "successes", f: "fixes" };

/** A stream entry ([id, [field, value, ...]]) as an event; entries of unknown types are skipped. */
function eventFrom([id, fields]: [string, string[]]): TenantEvent | null {
  const f = flatHash(fields);
  if (!f.t || !isEventType(f.t)) return null;
  return { id, type: f.t, task_id: f.task ?? null, session_id: f.session ?? null, data: f.d ?? "null" };
}

/** A listing's indexes: by time for its pages, by id for its prefix pages; a dead entry leaves both. */
interface Indexes {
  listing: string;
  ids: string;
}

export function createRedisActivityStore(redis: ScriptedRedis, keys: Keys, sessions: Pick<ToolMemoryStore, "sessionCounters">): ActivityStore {
  function forgetIn({ listing, ids }: Indexes) {
    return async (dead: readonly ListingCursor[]) => {
      await guarded(() => redis.forgetListed(listing, ids, ...dead.flatMap((entry) => [entry.id, entry.at])));
    };
  }

  // Each item lives in its own slot: one small read each, sent together. An id whose time entry is
  // gone (at -1) has nothing to list.
  const itemsOf =
    <T>(read: (entry: ListingCursor) => Promise<T | null>) =>
    (entries: readonly ListingCursor[]) =>
      Promise.all(entries.map((entry) => (entry.at < 0 ? null : read(entry))));

  const pairsToEntries = (flat: ReadonlyArray<string | number>) => {
    const entries: ListingCursor[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) entries.push({ id: String(flat[i]), at: Number(flat[i + 1]) });
    return entries;
  };

  function listingSource<T>(indexes: Indexes, read: (entry: ListingCursor) => Promise<T | null>): ListingSource<T> {
    return {
      async entries(after, count) {
        return pairsToEntries(await guarded(() => redis.pageListing(indexes.listing, after ? after.at : "", after ? after.id : "", count)));
      },
      items: itemsOf(read),
      forget: forgetIn(indexes),
    };
  }

  function prefixSource<T>(indexes: Indexes, prefix: string, read: (entry: ListingCursor) => Promise<T | null>): ListingSource<T, ListingCursor, string> {
    return {
      async entries(after, count) {
        return pairsToEntries(await guarded(() => redis.pageListingByPrefix(indexes.ids, indexes.listing, prefix, after ?? "", count)));
      },
      items: itemsOf(read),
      forget: forgetIn(indexes),
    };
  }

  const taskIndexes = (tenant: string): Indexes => ({ listing: keys.shared(tenant).taskListing, ids: keys.shared(tenant).taskIds });
  const sessionIndexes = (tenant: string): Indexes => ({ listing: keys.shared(tenant).sessionListing, ids: keys.shared(tenant).sessionIds });

  const taskReader =
    (tenant: string) =>
    async ({ id, at }: ListingCursor) => {
      const k = keys.task({ tenant, taskId: id });
      const [flat, lastErrorType, resolved] = await guarded(() => redis.readTaskSummary(k.lessons, k.counters, k.resolution));
      return taskSummaryOf(id, at, countersFrom(flatHash(flat)), lastErrorType || null, resolved === 1);
    };

  const sessionReader =
    (tenant: string) =>
    async ({ id, at }: ListingCursor) =>
      sessionSummaryOf(id, at, await sessions.sessionCounters({ tenant, sessionId: id }));

  return {
    listTasks(tenant, limit, after) {
      return walkListing(listingSource<TaskSummary>(taskIndexes(tenant), taskReader(tenant)), limit, after);
    },

    listSessions(tenant, limit, after) {
      return walkListing(listingSource<SessionSummary>(sessionIndexes(tenant), sessionReader(tenant)), limit, after);
    },

    listTasksByPrefix(tenant, prefix, limit, after) {
      return walkById(prefixSource<TaskSummary>(taskIndexes(tenant), prefix, taskReader(tenant)), limit, after);
    },

    listSessionsByPrefix(tenant, prefix, limit, after) {
      return walkById(prefixSource<SessionSummary>(sessionIndexes(tenant), prefix, sessionReader(tenant)), limit, after);
    },

    async readEvents(tenant, after, limit) {
      const key = keys.shared(tenant).events;
      const entries = (await guarded(() => redis.xrange(key, after === null ? "-" : `(${after}`, "+", "COUNT", limit))) as Array<[string, string[]]>;
      return entries.map(eventFrom).filter((event): event is TenantEvent => event !== null);
    },

    async latestEventId(tenant) {
      const entries = (await guarded(() => redis.xrevrange(keys.shared(tenant).events, "+", "-", "COUNT", 1))) as Array<[string, string[]]>;
      return entries[0]?.[0] ?? null;
    },

    async activityTotals(tenant, nowMs, sinceMinute) {
      const shared = keys.shared(tenant);
      const reply = await guarded(() => redis.readActivity(shared.taskListing, shared.prefix, nowMs, Math.floor(sinceMinute / 60)));
      const categories = flatHash(reply[4] as string[]);
      const minutes = new Map<number, ActivityCounts>();
      for (let i = 5; i + 1 < reply.length; i += 2) {
        const hour = Number(reply[i]);
        const fields = reply[i + 1] as string[];
        for (let j = 0; j + 1 < fields.length; j += 2) {
          const [minuteOfHour, what] = fields[j]!.split(":") as [string, string];
          const minute = hour * 60 + Number(minuteOfHour);
          const name = MINUTE_FIELDS[what];
          if (minute < sinceMinute || !name) continue;
          let counts = minutes.get(minute);
          if (!counts) minutes.set(minute, (counts = emptyCounts()));
          counts[name] += Number(fields[j + 1]);
        }
      }
      return {
        tasks: { active_last_hour: Number(reply[0]), active_last_day: Number(reply[1]) },
        sessions: { active_last_hour: Number(reply[2]), active_last_day: Number(reply[3]) },
        failures_by_category: Object.fromEntries(Object.entries(categories).map(([category, count]) => [category, Number(count)])),
        minutes,
      };
    },
  };
}
