// Redis activity reads: a listing page with its items in one script on a single server, or its index then each item in its own slot in a Cluster; events come from a stream.
import type { ActivityCounts, ListingCursor, SessionSummary, TaskSummary, TenantEvent } from "../../domain/activity/types.js";
import { addLatency, LATENCY_BUCKETS } from "../../domain/activity/latency.js";
import { emptyCounts, epochHour } from "../../domain/activity/timeline.js";
import { isEventType } from "../../domain/activity/events.js";
import { walkById, walkListing, type ListingSource } from "../listing-walk.js";
import { sessionSummaryOf, taskSummaryOf } from "../listing-items.js";
import type { ActivityStore } from "../../domain/activity/store.js";
import type { ToolMemoryStore } from "../../domain/tools/store.js";
import type { StoreLimits } from "../port.js";
import { guarded } from "./errors.js";
import { scriptInput } from "./named-keys.js";
import { asArray } from "./pattern-state.js";
import { flatHash } from "./flat-hash.js";
import type { Keys } from "./keys.js";
import { countersFrom } from "./lessons.js";
import type { ScriptedRedis } from "./script-commands.js";
import type { ActivityBatches } from "./activity-batches.js";

/** The fields activity-batches.ts counts under, by the letter after '<minute or hour>:'. */
const COUNT_FIELDS: Record<string, keyof ActivityCounts> = { l: "lessons", c: "tool_calls", s: "successes", f: "fixes", t: "tokens_used", d: "duration_ms" };

/** A stream entry ([id, [field, value, ...]]) as an event; entries of unknown types are skipped. */
function eventFrom([id, fields]: [string, string[]]): TenantEvent | null {
  const f = flatHash(fields);
  if (!f.t || !isEventType(f.t)) return null;
  return { id, type: f.t, task_id: f.task ?? null, session_id: f.session ?? null, data: f.d ?? "null" };
}

type Kind = "task" | "session";

/** What pageListed-2.lua answers of one item (0: not listed); its header lists the fields. */
interface TaskItem {
  kept: number;
  captured: number;
  categories: Record<string, number>;
  error_type: string;
  resolved: boolean;
  repaired: boolean;
}
interface SessionItem {
  kept: number;
  successes: number;
  fixes: number;
  tools: number;
}

/** A page of a listing as the scripts answer it (cjson writes an empty list as an object). */
type PageAnswer = { page: ListingCursor[] | Record<string, never> };

/** What readActivity-1.lua answers (cjson writes an empty list as an object). */
interface ActivityAnswer {
  tasks_last_hour: number;
  tasks_last_day: number;
  sessions_last_hour: number;
  sessions_last_day: number;
  categories: string[] | Record<string, never>;
  counts: Array<{ at: number; fields: string[] | Record<string, never> }> | Record<string, never>;
  latency: Record<string, number>;
}

/** What readToolActivity-1.lua answers. */
interface ToolActivityAnswer {
  hours: Array<{ hour: number; calls: number; successes: number }> | Record<string, never>;
  latency: number[] | Record<string, never>;
  recent: ListingCursor[] | Record<string, never>;
}

/** What readTaskSummary-3.lua answers (lib/listed-summary.lua). */
interface TaskSummaryAnswer {
  counters: string[] | Record<string, never>;
  error_type: string;
  resolved: boolean;
  repaired: boolean;
}

/** How a page's items become listing entries; `repaired` is told of each task whose newest lesson had to be repaired to be read. */
const itemReaders = (repaired: (taskId: string) => void) => ({
  task: ({ id, at }: ListingCursor, { kept, captured, categories, error_type, resolved, repaired: wasRepaired }: TaskItem) => {
    if (wasRepaired) repaired(id);
    return taskSummaryOf(id, at, { total_lessons: kept, total_captured: captured, by_category: categories }, error_type || null, resolved);
  },
  session: ({ id, at }: ListingCursor, { kept, successes, fixes, tools }: SessionItem) =>
    sessionSummaryOf(id, at, { total_calls: kept, success_count: successes, total_fixes_detected: fixes, tools_tracked: tools }),
});

/** A listing's indexes: by time for its pages, by id for its prefix pages; a dead entry leaves both. */
interface Indexes {
  listing: string;
  ids: string;
}

export function createRedisActivityStore(
  redis: ScriptedRedis,
  keys: Keys,
  sessions: Pick<ToolMemoryStore, "sessionCounters">,
  limits: Pick<StoreLimits, "sessionsTtlSeconds">,
  /** The dashboard counts this process added up of its writes: sent before any of them is read, so a read follows this process's writes. */
  activity: Pick<ActivityBatches, "beforeRead">,
  /** Told once per task whose stored lesson could only be read repaired (a lone surrogate kept before they were refused). */
  onRepaired: (what: string) => void = () => {},
): ActivityStore {
  const toldOf = new Set<string>();
  const repaired = (taskId: string) => {
    // Once per task and process: a listing read every few seconds would otherwise say it again each time.
    if (toldOf.size < 1000 && !toldOf.has(taskId)) {
      toldOf.add(taskId);
      onRepaired(`task ${taskId}: its newest lesson holds a lone surrogate; listed with U+FFFD in its place`);
    }
  };
  const ITEM_OF = itemReaders(repaired);
  function forgetIn({ listing, ids }: Indexes) {
    return async (dead: readonly ListingCursor[]) => {
      await guarded(() => redis.forgetListed(listing, ids, scriptInput({ entries: dead.map(({ id, at }) => ({ id, at })) })));
    };
  }

  // Each item lives in its own slot: one small read each, sent together. An id whose time entry is
  // gone (at -1) has nothing to list.
  const itemsOf =
    <T>(read: (entry: ListingCursor) => Promise<T | null>) =>
    (entries: readonly ListingCursor[]) =>
      Promise.all(entries.map((entry) => (entry.at < 0 ? null : read(entry))));

  const entriesOf = (answer: string): ListingCursor[] => asArray((JSON.parse(answer) as PageAnswer).page);

  function listingSource<T>(indexes: Indexes, read: (entry: ListingCursor) => Promise<T | null>): ListingSource<T> {
    return {
      async entries(after, count) {
        return entriesOf(await guarded(() => redis.pageListing(indexes.listing, scriptInput({ ...byActivity(after), count }))));
      },
      items: itemsOf(read),
      forget: forgetIn(indexes),
    };
  }

  function prefixSource<T>(indexes: Indexes, prefix: string, read: (entry: ListingCursor) => Promise<T | null>): ListingSource<T, ListingCursor, string> {
    return {
      async entries(after, count) {
        return entriesOf(await guarded(() => redis.pageListingByPrefix(indexes.ids, indexes.listing, scriptInput({ ...byPrefix(prefix)(after), count }))));
      },
      items: itemsOf(read),
      forget: forgetIn(indexes),
    };
  }

  /**
   * On a single server, a page and what it shows of each item come in one script (pageListed-2.lua):
   * entries() keeps each entry's summary for items(), which then costs nothing. `pageInput` is the
   * script's input for a cursor, besides its kind, root and count.
   */
  function pagedWithItems<T, C>(
    indexes: Indexes,
    kind: Kind,
    tenant: string,
    by: "activity" | "prefix",
    pageInput: (after: C | null) => object,
  ): ListingSource<T, ListingCursor, C> {
    const summaries = new Map<ListingCursor, T | null>();
    const itemOf = ITEM_OF[kind] as (entry: ListingCursor, item: TaskItem | SessionItem) => T | null;
    return {
      async entries(after, count) {
        const input = { kind, root: keys.itemRoot(tenant, kind), by, count, ...pageInput(after) };
        const answer = JSON.parse(await guarded(() => redis.pageListed(indexes.listing, indexes.ids, scriptInput(input)))) as PageAnswer & {
          items: Array<TaskItem | SessionItem | 0> | Record<string, never>;
        };
        const entries = asArray(answer.page);
        const items = asArray(answer.items);
        entries.forEach((entry, i) => {
          const item = items[i];
          summaries.set(entry, entry.at < 0 || !item ? null : itemOf(entry, item));
        });
        return entries;
      },
      async items(entries) {
        return entries.map((entry) => summaries.get(entry) ?? null);
      },
      forget: forgetIn(indexes),
    };
  }

  const taskIndexes = (tenant: string): Indexes => ({ listing: keys.shared(tenant).taskListing, ids: keys.shared(tenant).taskIds });
  const sessionIndexes = (tenant: string): Indexes => ({ listing: keys.shared(tenant).sessionListing, ids: keys.shared(tenant).sessionIds });

  const taskReader =
    (tenant: string) =>
    async ({ id, at }: ListingCursor) => {
      const k = keys.task({ tenant, taskId: id });
      const summary = JSON.parse(await guarded(() => redis.readTaskSummary(k.lessons, k.counters, k.resolution))) as TaskSummaryAnswer;
      if (summary.repaired) repaired(id);
      return taskSummaryOf(id, at, countersFrom(flatHash(asArray(summary.counters))), summary.error_type || null, summary.resolved);
    };

  const sessionReader =
    (tenant: string) =>
    async ({ id, at }: ListingCursor) =>
      sessionSummaryOf(id, at, await sessions.sessionCounters({ tenant, sessionId: id }));

  // From the top, the input has no `at` (cjson reads a JSON null as a value of its own, not as nil).
  const byActivity = (after: ListingCursor | null) => (after ? { at: after.at, after: after.id } : { after: "" });
  const byPrefix = (prefix: string) => (after: string | null) => ({ prefix, after: after ?? "" });

  // Each kind's indexes, and how a Cluster reads one of its items.
  const listed = {
    task: { indexes: taskIndexes, reader: taskReader },
    session: { indexes: sessionIndexes, reader: sessionReader },
  };
  const clusterReader = <T>(kind: Kind, tenant: string) => listed[kind].reader(tenant) as (entry: ListingCursor) => Promise<T | null>;

  /** A listing by activity: one script on a single server, the page then its items in a Cluster. */
  function activitySource<T>(kind: Kind, tenant: string): ListingSource<T> {
    const indexes = listed[kind].indexes(tenant);
    if (redis.isCluster) return listingSource(indexes, clusterReader<T>(kind, tenant));
    return pagedWithItems<T, ListingCursor>(indexes, kind, tenant, "activity", byActivity);
  }

  /** A listing by id prefix, read the same two ways. */
  function prefixListing<T>(kind: Kind, tenant: string, prefix: string): ListingSource<T, ListingCursor, string> {
    const indexes = listed[kind].indexes(tenant);
    if (redis.isCluster) return prefixSource(indexes, prefix, clusterReader<T>(kind, tenant));
    return pagedWithItems<T, string>(indexes, kind, tenant, "prefix", byPrefix(prefix));
  }

  return {
    listTasks(tenant, limit, after) {
      return walkListing(activitySource<TaskSummary>("task", tenant), limit, after);
    },

    listSessions(tenant, limit, after) {
      return walkListing(activitySource<SessionSummary>("session", tenant), limit, after);
    },

    listTasksByPrefix(tenant, prefix, limit, after) {
      return walkById(prefixListing<TaskSummary>("task", tenant, prefix), limit, after);
    },

    listSessionsByPrefix(tenant, prefix, limit, after) {
      return walkById(prefixListing<SessionSummary>("session", tenant, prefix), limit, after);
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

    async eventIdBefore(tenant, count) {
      // The ids only would be cheaper, but a stream has no command for them; once per stream opened.
      const entries = (await guarded(() => redis.xrevrange(keys.shared(tenant).events, "+", "-", "COUNT", count + 1))) as Array<[string, string[]]>;
      return entries.length > count ? entries[count]![0] : null;
    },

    async activityTotals(tenant, nowMs, range) {
      await activity.beforeRead(tenant);
      const shared = keys.shared(tenant);
      // Minutes are kept in one hash per hour, hours in one per day.
      const perHash = range.unit === "minute" ? 60 : 24;
      const input = { prefix: shared.prefix, now_ms: nowMs, unit: range.unit, first: Math.floor(range.first / perHash), latency_first_hour: range.latencyFirstHour };
      const reply = JSON.parse(await guarded(() => redis.readActivity(shared.taskListing, scriptInput(input)))) as ActivityAnswer;
      const categories = flatHash(asArray(reply.categories));
      const counts = new Map<number, ActivityCounts>();
      for (const hash of asArray(reply.counts)) {
        const base = hash.at * perHash;
        const fields = asArray(hash.fields);
        for (let j = 0; j + 1 < fields.length; j += 2) {
          const [offset, what] = fields[j]!.split(":") as [string, string];
          const at = base + Number(offset);
          const name = COUNT_FIELDS[what];
          if (at < range.first || !name) continue;
          let atCounts = counts.get(at);
          if (!atCounts) counts.set(at, (atCounts = emptyCounts()));
          atCounts[name] += Number(fields[j + 1]);
        }
      }
      const latency = new Map<string, number[]>();
      for (const [field, calls] of Object.entries(reply.latency)) {
        const colon = field.indexOf(":");
        addLatency(latency, field.slice(colon + 1), Number(field.slice(0, colon)), calls);
      }
      return {
        tasks: { active_last_hour: reply.tasks_last_hour, active_last_day: reply.tasks_last_day },
        sessions: { active_last_hour: reply.sessions_last_hour, active_last_day: reply.sessions_last_day },
        failures_by_category: Object.fromEntries(Object.entries(categories).map(([category, count]) => [category, Number(count)])),
        counts,
        latency,
      };
    },

    async toolActivity(tenant, tool, nowMs, firstHour, sessionsListed) {
      await activity.beforeRead(tenant);
      const shared = keys.shared(tenant);
      const oldest = limits.sessionsTtlSeconds > 0 ? nowMs - limits.sessionsTtlSeconds * 1000 : "-inf";
      const input = { prefix: shared.prefix, tool, first_hour: firstHour, last_hour: epochHour(nowMs), buckets: LATENCY_BUCKETS, sessions_listed: sessionsListed, oldest };
      const reply = JSON.parse(await guarded(() => redis.readToolActivity(shared.toolRecentSessions(tool), scriptInput(input)))) as ToolActivityAnswer;
      const hours = new Map(asArray(reply.hours).map(({ hour, calls, successes }) => [hour, { calls, successes }]));
      const recentSessions = asArray(reply.recent).map(({ id, at }) => ({ sessionId: id, at }));
      return { hours, latency: asArray(reply.latency), recentSessions };
    },
  };
}
