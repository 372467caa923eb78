// The Redis layout's versioned migrations: each run once per key prefix, on start or by `npm run migrate`, so that no read on the hot path knows an older layout.
import { guarded } from "./errors.js";
import { newWriteToken } from "./write-tokens.js";
import type { Keys } from "./keys.js";
import type { ScriptedRedis } from "./script-commands.js";
import { scanAll, tenantOf } from "./migration-scan.js";
import { moveFixSets } from "./migration-fix-sets.js";
import { moveLegacyTools } from "./migration-legacy-tools.js";
import { moveOfferCounts } from "./migration-fix-counts.js";
import { rewriteOldForms } from "./migration-old-forms.js";

/** What one migration did, for the log. */
export interface MigrationReport {
  /** The layout version the prefix is at now. */
  version: number;
  /** Migrations applied by this run, by name, with how many tenants, sessions' tools or tenants' tools each moved. */
  applied: Array<{ name: string; moved: number }>;
}

interface Migration {
  version: number;
  name: string;
  run(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number>;
}

/** A template as the layout before kept it, in its bucket's JSON list. */
interface OldTemplate {
  id: string;
  tokens: string[];
  gaps: boolean[];
  created: number;
}

// The keys of the layout before version 1: every bucket's templates in one hash, a template's bucket in another, and a
// single server's cache of signatures. Named here only: nothing else reads them.
const OLD_BUCKETS = "tmpl:buckets";
const OLD_BUCKET_OF = "tmpl:bucket-of";
const OLD_SIGNATURES = "tmpl:signatures";

/**
 * Version 1: a template's shape in `tmpl:records`, each bucket's ids in a sorted set of its own by when each was made,
 * and a version per bucket. Templates a process of this version learned before the move are kept; the bucket's version
 * moves, so no cache decides on the bucket as it was.
 */
async function splitTemplateBuckets(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<number> {
  let tenants = 0;
  for (const oldKey of await scanAll(redis, `${prefix}:{*:shared}:${OLD_BUCKETS}`)) {
    const tenant = tenantOf(oldKey, prefix);
    if (tenant === null) continue;
    const shared = keys.shared(tenant);
    const root = oldKey.slice(0, -OLD_BUCKETS.length);
    const buckets = await guarded(() => redis.hgetall(oldKey));
    const ttl = await guarded(() => redis.pttl(oldKey));
    await redis.writes.transaction((t) => {
      for (const [bucket, json] of Object.entries(buckets)) {
        const templates = JSON.parse(json) as OldTemplate[];
        const key = shared.templateBucket(bucket);
        for (const { id, tokens, gaps, created } of templates) {
          t.hsetnx(shared.templateRecords, id, JSON.stringify({ bucket, tokens, gaps }));
          t.zadd(key, "NX", created, id);
        }
        if (ttl > 0) t.pexpire(key, ttl);
        // A new random version, as a step gives one: no cache holds it.
        t.hset(shared.templateVersions, bucket, newWriteToken());
      }
      if (ttl > 0) t.pexpire(shared.templateRecords, ttl).pexpire(shared.templateVersions, ttl);
      t.del(oldKey, `${root}${OLD_BUCKET_OF}`, `${root}${OLD_SIGNATURES}`);
    });
    tenants += 1;
  }
  // A tenant whose cache of signatures outlived its buckets.
  for (const key of await scanAll(redis, `${prefix}:{*:shared}:${OLD_SIGNATURES}`)) await guarded(() => redis.del(key));
  return tenants;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: "template buckets split into shapes, sets and versions", run: splitTemplateBuckets },
  { version: 2, name: "tool patterns and knowledge kept as one document moved into fields", run: moveLegacyTools },
  { version: 3, name: "a tool's fixes moved out of its error fields into versioned fix sets", run: moveFixSets },
  { version: 4, name: "a fix's offer counts moved out of its fix set into increments beside it", run: moveOfferCounts },
  { version: 5, name: "calls' facts, lessons and resolutions kept in older forms rewritten in this one", run: rewriteOldForms },
];

/** The layout version a store of this code writes. */
export const LAYOUT_VERSION = MIGRATIONS.at(-1)!.version;

/**
 * Seconds a run holds the prefix's migration lock: other replicas starting at once wait for it rather than run twice.
 * Long, since the lock is not renewed: a run that outlasts it would let a second one start beside it.
 */
const LOCK_SECONDS = 3_600;
/** How often a replica that found the lock taken reads the version again. */
const WAIT_POLL_MS = 200;

const readVersion = async (redis: ScriptedRedis, marker: string) => Number((await guarded(() => redis.hget(marker, "version"))) ?? 0);

/**
 * Brings the prefix's layout to LAYOUT_VERSION, each migration after the last one applied, under a lock so that
 * replicas starting together run it once: a replica that finds the lock taken waits until the version is reached (or
 * the lock is gone, when it takes it), so that no replica serves before the layout is moved.
 */
export async function migrateLayout(redis: ScriptedRedis, keys: Keys, prefix: string): Promise<MigrationReport> {
  const marker = `${prefix}:{migrations}`;
  const lock = `${marker}:lock`;
  for (;;) {
    const at = await readVersion(redis, marker);
    if (at >= LAYOUT_VERSION) return { version: at, applied: [] };
    if ((await guarded(() => redis.set(lock, String(process.pid), "EX", LOCK_SECONDS, "NX"))) === null) {
      await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
      continue;
    }
    try {
      return await applyMigrations(redis, keys, prefix, marker);
    } finally {
      await guarded(() => redis.del(lock));
    }
  }
}

/** The migrations after the version the marker holds (read again under the lock: another run may have just finished). */
async function applyMigrations(redis: ScriptedRedis, keys: Keys, prefix: string, marker: string): Promise<MigrationReport> {
  const at = await readVersion(redis, marker);
  const applied: MigrationReport["applied"] = [];
  for (const migration of MIGRATIONS.filter(({ version }) => version > at)) {
    applied.push({ name: migration.name, moved: await migration.run(redis, keys, prefix) });
    await guarded(() => redis.hset(marker, "version", migration.version));
  }
  return { version: Math.max(at, LAYOUT_VERSION), applied };
}
