// Retry delays for the watcher. Exponential with "equal jitter": the delay is at least half
// the exponential step, so a till never hammers a struggling gateway, and at most the full
// step, so many tills spread out instead of retrying in lockstep.

export interface BackoffPolicy {
  /** First retry's ceiling. */
  baseMs: number
  /** No step grows beyond this. */
  maxMs: number
  /** Longest Retry-After we obey; longer ones are clamped so the till checks back eventually. */
  maxRetryAfterMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 1_000,
  maxMs: 15_000,
  maxRetryAfterMs: 15 * 60_000,
}

/** The ceiling of the n-th consecutive failure's delay (n ≥ 1). */
export function backoffCeiling(failures: number, policy: BackoffPolicy): number {
  const exponent = Math.min(Math.max(failures, 1) - 1, 30)
  return Math.min(policy.maxMs, policy.baseMs * 2 ** exponent)
}

/**
 * Delay before the next attempt after `failures` consecutive failures. `random` is in [0, 1).
 * A Retry-After from the gateway is a floor: we never come back sooner than it asks.
 */
export function backoffDelay(
  failures: number,
  retryAfterMs: number | null,
  policy: BackoffPolicy,
  random: () => number,
): number {
  const ceiling = backoffCeiling(failures, policy)
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2))
  const floor = retryAfterMs === null ? 0 : Math.min(retryAfterMs, policy.maxRetryAfterMs)
  return Math.max(jittered, floor)
}
