// Whether known fixes shortened the tasks they were offered to: a resolved task's contribution, exact sums, their means.

/**
 * The exact sums kept per failure signature (and summed per tenant). Means are derived, so totals
 * over many signatures add these, never the means.
 */
export interface SignatureEfficacySums {
  /** Distinct tasks that were answered at least one known fix for the signature. */
  tasks_offered: number;
  /** Resolved tasks (of those linking the signature) that had been offered a fix for it before. */
  tasks_resolved_after_offer: number;
  tasks_resolved_without_offer: number;
  /** Sum of the resolution's attempt_number over the tasks resolved after an offer. */
  attempts_with_offer_sum: number;
  attempts_without_offer_sum: number;
  /** Sum over the tasks resolved after an offer of: resolution attempt − the offered lesson's attempt. */
  attempts_after_offer_sum: number;
}

/** A signature's efficacy as served: counts, and means (null with nothing to average). */
export interface SignatureEfficacy {
  tasks_offered: number;
  tasks_resolved_after_offer: number;
  tasks_resolved_without_offer: number;
  mean_attempts_with_offer: number | null;
  mean_attempts_without_offer: number | null;
  mean_attempts_after_offer: number | null;
}

/** What one resolved task adds to a signature's sums: its attempt, and how many came after the first offer (null: none). */
export interface ResolvedContribution {
  attempt: number;
  afterOffer: number | null;
}

export const SUM_FIELDS = [
  "tasks_offered",
  "tasks_resolved_after_offer",
  "tasks_resolved_without_offer",
  "attempts_with_offer_sum",
  "attempts_without_offer_sum",
  "attempts_after_offer_sum",
] as const satisfies ReadonlyArray<keyof SignatureEfficacySums>;

export const emptyEfficacySums = (): SignatureEfficacySums => ({
  tasks_offered: 0,
  tasks_resolved_after_offer: 0,
  tasks_resolved_without_offer: 0,
  attempts_with_offer_sum: 0,
  attempts_without_offer_sum: 0,
  attempts_after_offer_sum: 0,
});

/** The sums read back as numbers in SUM_FIELDS order (a missing value reads as 0). */
export function efficacySumsFrom(values: ReadonlyArray<string | number | null | undefined>): SignatureEfficacySums {
  const sums = emptyEfficacySums();
  SUM_FIELDS.forEach((field, i) => (sums[field] = Number(values[i] ?? 0)));
  return sums;
}

/** `into` plus `other`, field by field (a tenant's total is the sum over its signatures). */
export function addEfficacySums(into: SignatureEfficacySums, other: SignatureEfficacySums): SignatureEfficacySums {
  for (const field of SUM_FIELDS) into[field] += other[field];
  return into;
}

/**
 * A resolution's contribution: after an offer when the task was offered a fix for the signature
 * before it was resolved, counted from the first such offer.
 */
export function contributionOf(resolutionAttempt: number, offeredAttempt: number | undefined): ResolvedContribution {
  // Never negative: a resolution recorded at an attempt before the offered lesson counts as 0 after it.
  return { attempt: resolutionAttempt, afterOffer: offeredAttempt === undefined ? null : Math.max(0, resolutionAttempt - offeredAttempt) };
}

/** Adds (sign 1) or removes (sign −1) one resolved task's contribution, so a replaced resolution never counts twice. */
export function applyContribution(sums: SignatureEfficacySums, { attempt, afterOffer }: ResolvedContribution, sign: 1 | -1): void {
  if (afterOffer === null) {
    sums.tasks_resolved_without_offer += sign;
    sums.attempts_without_offer_sum += sign * attempt;
  } else {
    sums.tasks_resolved_after_offer += sign;
    sums.attempts_with_offer_sum += sign * attempt;
    sums.attempts_after_offer_sum += sign * afterOffer;
  }
}

const mean = (sum: number, count: number) => (count > 0 ? sum / count : null);

/** The efficacy as served, from the sums. mean_attempts_without_offer − mean_attempts_with_offer is what the memory saved. */
export function efficacyOf(sums: SignatureEfficacySums): SignatureEfficacy {
  return {
    tasks_offered: sums.tasks_offered,
    tasks_resolved_after_offer: sums.tasks_resolved_after_offer,
    tasks_resolved_without_offer: sums.tasks_resolved_without_offer,
    mean_attempts_with_offer: mean(sums.attempts_with_offer_sum, sums.tasks_resolved_after_offer),
    mean_attempts_without_offer: mean(sums.attempts_without_offer_sum, sums.tasks_resolved_without_offer),
    mean_attempts_after_offer: mean(sums.attempts_after_offer_sum, sums.tasks_resolved_after_offer),
  };
}
