// What a change of a task's resolution does to the tenant: which signatures it links and unlinks, and how each one's efficacy sums move.
import { addEfficacySums, applyContribution, contributionOf, emptyEfficacySums, type ResolvedContribution, type SignatureEfficacySums } from "./efficacy.js";

/** The task's record under one signature, as the store keeps it beside the signature's sums. */
export interface TaskUnderSignature {
  /** The attempt of the task's first capture that was answered known fixes for the signature. */
  offeredAttempt?: number;
  /** What the task's resolution adds to the signature's sums now. */
  contribution?: ResolvedContribution;
}

/** What a relink reads before it decides: the change last applied to the task's links, and its record under each signature named. */
export interface TaskLinksRead {
  /** The version of the resolution last applied (0: none). */
  version: number;
  /** The signatures that change linked. */
  signatures: readonly string[];
  /** Per signature the links list or signaturesToRead names: the task's record (absent, or absent fields: none kept). */
  records: ReadonlyMap<string, TaskUnderSignature>;
}

/** A change of a task's resolution: its order, what the replaced one listed, and the new one (null: removed). */
export interface ResolutionLinkChange {
  version: number;
  previousSignatures: readonly string[];
  resolution: { attempt_number: number; signatures: readonly string[] } | null;
}

/** How the tenant's knowledge changes; applied only if the task's records still read as `read` did. */
export interface RelinkPlan {
  /** Signatures the task's fix is removed from (never one of `linked`). */
  unlinked: string[];
  /** Signatures the task's fix is added to, in the resolution's order. */
  linked: string[];
  /** Per signature whose record changes: what the task's resolution adds from now on (null: nothing, the record goes). */
  contributions: Map<string, ResolvedContribution | null>;
  /** Per signature whose sums move: by how much (the tenant's totals move by each, as the store adds them). */
  deltas: Map<string, SignatureEfficacySums>;
}

/**
 * The signatures whose records a relink needs, besides those the task's links list: what the replaced resolution listed
 * (the links may have expired while the signatures' records lived on) and what the new one lists.
 */
export function signaturesToRead(change: ResolutionLinkChange): string[] {
  return [...new Set([...change.previousSignatures, ...(change.resolution?.signatures ?? [])])];
}

/** A contribution as a delta of the sums: `sign` 1 adds it, −1 takes it back. */
function deltaOf(contribution: ResolvedContribution, sign: 1 | -1): SignatureEfficacySums {
  const delta = emptyEfficacySums();
  applyContribution(delta, contribution, sign);
  return delta;
}

function add(into: Map<string, SignatureEfficacySums>, signature: string, delta: SignatureEfficacySums): void {
  into.set(signature, addEfficacySums(into.get(signature) ?? emptyEfficacySums(), delta));
}

/**
 * The plan that replaces the task's links with the change's, or null when a change as new was applied already (replicas
 * may race, and a retry comes again). Every linked signature counts the task as resolved after its first offer, if it had
 * one, else without; whatever the task added before under any signature it touches is taken back first, so a replaced
 * resolution, or a stale record of an expired task of the same id, never counts twice.
 */
export function planRelink(read: TaskLinksRead, change: ResolutionLinkChange): RelinkPlan | null {
  if (read.version >= change.version) return null;
  const linked = [...new Set(change.resolution?.signatures ?? [])];
  const touched = new Set([...read.signatures, ...signaturesToRead(change)]);
  const plan: RelinkPlan = { unlinked: [...touched].filter((s) => !linked.includes(s)), linked, contributions: new Map(), deltas: new Map() };
  for (const signature of touched) {
    const record = read.records.get(signature) ?? {};
    if (record.contribution) {
      add(plan.deltas, signature, deltaOf(record.contribution, -1));
      plan.contributions.set(signature, null);
    }
    if (change.resolution && linked.includes(signature)) {
      const contribution = contributionOf(change.resolution.attempt_number, record.offeredAttempt);
      add(plan.deltas, signature, deltaOf(contribution, 1));
      plan.contributions.set(signature, contribution);
    }
  }
  return plan;
}
