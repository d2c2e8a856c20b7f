// The shop's one rule for "which sale did this transfer pay" (docs/shop.md, "One transfer, one
// sale"). Pure, so every till that knows the same claims reaches the same answer:
//   a transfer belongs to the claim on its account that was open at the transfer's gateway
//   time (opened no later than `skewMs` after it, not ended before it), and among several,
//   to the first in server order. A claim not on the server yet comes after every claim that
//   is; between two such claims, the earlier opening wins (then the charge id, for a total order).
export interface Claim {
  chargeId: string
  tillId: string
  tillName: string
  accountReference: string
  openedAtMs: number
  /** When the claim stopped taking money (the paying transfer's time, a cancel); null: open. */
  endedAtMs: number | null
  /** Its place in the shop's order; null while it is only on its till. */
  serverSeq: number | null
}

export function covers(claim: Claim, createdAtMs: number, skewMs: number): boolean {
  return (
    createdAtMs >= claim.openedAtMs - skewMs &&
    (claim.endedAtMs === null || createdAtMs <= claim.endedAtMs)
  )
}

export function claimOrder(a: Claim, b: Claim): number {
  const sa = a.serverSeq ?? Number.POSITIVE_INFINITY
  const sb = b.serverSeq ?? Number.POSITIVE_INFINITY
  if (sa !== sb) return sa < sb ? -1 : 1
  if (a.openedAtMs !== b.openedAtMs) return a.openedAtMs - b.openedAtMs
  return a.chargeId < b.chargeId ? -1 : a.chargeId > b.chargeId ? 1 : 0
}

/** The claim a transfer belongs to, or null when no claim covers it. */
export function claimOf(
  accountReference: string,
  createdAtMs: number,
  claims: Iterable<Claim>,
  skewMs: number,
): Claim | null {
  let best: Claim | null = null
  for (const c of claims) {
    if (c.accountReference !== accountReference || !covers(c, createdAtMs, skewMs)) continue
    if (best === null || claimOrder(c, best) < 0) best = c
  }
  return best
}
