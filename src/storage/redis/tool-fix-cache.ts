// What this process last read or wrote of the tenants' tools, for tool-fixes.ts to decide on: fix sets (decoded), pending offers and birth tokens.
import type { FixRanking } from "../../domain/shared-tools/efficacy.js";
import type { FixSet } from "../../domain/shared-tools/knowledge.js";
import type { SessionRef } from "../../domain/refs.js";
import { weightedLru } from "../../recently-used.js";
import { afterNewline, fixSetFrom, type FixSlots } from "./tool-fix-texts.js";

/**
 * What this process keeps of the tenants' tools, each bounded by entries, the least recently used forgotten first: a
 * fix set is at most 5 fixes and 3 events (a few KB with large arguments), a pending offer one fix, a birth token 16
 * characters. A decision on what is not kept takes it for absent; the script refuses it if it is not, and answers it.
 */
const CACHED = { fixSets: 20_000, pendingOffers: 100_000, births: 100_000 };

/**
 * A fix set as kept here: its field as Redis holds it (the version the script compares, '' for none), the set decoded,
 * which no decision changes (a decision changes a copy, which becomes what is kept once foreseen), and its fixes' slots.
 * Its fixes' offer counts are none: no decision reads them (tool-fix-texts.ts: OFFER_COUNTS).
 */
export interface CachedSet {
  raw: string;
  set: FixSet | undefined;
  slots: FixSlots;
}

/** The caches, and the keys each is kept under. */
export function createToolFixCache(ranking: FixRanking) {
  return {
    births: weightedLru<string>(CACHED.births, () => 1),
    sets: weightedLru<CachedSet>(CACHED.fixSets, () => 1),
    /** Each session's pending offer of a tool, after its id ('' for none). */
    pendingOffers: weightedLru<string>(CACHED.pendingOffers, () => 1),
    /** A set as Redis answered it (its field, '' for none), decoded once. */
    cachedSet: (raw: string): CachedSet => (raw === "" ? { raw, set: undefined, slots: new Map() } : { raw, ...fixSetFrom(afterNewline(raw), ranking) }),
    toolKey: (tenant: string, tool: string) => `${tenant}\u0000${tool}`,
    setKey: (tenant: string, tool: string, errorType: string) => `${tenant}\u0000${tool}\u0000${errorType}`,
    pendingKey: (session: SessionRef, tool: string) => `${session.tenant}\u0000${session.sessionId}\u0000${tool}`,
  };
}
