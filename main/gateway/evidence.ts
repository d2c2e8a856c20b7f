// The evidence kept while a write's outcome is unknown: what each attempt was told and what
// each lookup by reference found, for the supervisor who may have to decide. Bounded, so a
// long wait can't grow it without end, but never at the cost of what the money hangs on.

/** At most this many steps per item. */
export const MAX_EVIDENCE_STEPS = 20

/**
 * Adds `step`, keeping at most `max`: the first step (what started it), every send, and the
 * latest lookups. When full, the oldest lookup but the newest goes first, so a long run of
 * "not there yet" answers never pushes the gateway's refusal of a resend out of the record.
 */
export function keepEvidence<S extends { call: string }>(
  steps: readonly S[],
  step: S,
  max = MAX_EVIDENCE_STEPS,
): S[] {
  const all = [...steps, step]
  if (all.length <= max) return all
  const oldestLookup = all.findIndex((s, i) => i > 0 && i < all.length - 1 && s.call !== 'send')
  if (oldestLookup === -1) return [all[0]!, ...all.slice(all.length - max + 1)]
  return [...all.slice(0, oldestLookup), ...all.slice(oldestLookup + 1)]
}
