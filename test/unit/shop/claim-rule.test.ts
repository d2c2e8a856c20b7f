// The shop's rule for which sale a transfer pays (main/shop/claim-rule.ts, docs/shop.md).
import { describe, expect, it } from 'vitest'
import { claimOf, type Claim } from '../../../main/shop/claim-rule'

const T0 = Date.parse('2026-03-01T10:00:00Z')
const SKEW = 120_000
const claim = (over: Partial<Claim>): Claim => ({
  chargeId: 'ch_a',
  tillId: 'till-a',
  tillName: 'Bakery',
  accountReference: 'ACC-1',
  openedAtMs: T0,
  endedAtMs: null,
  serverSeq: 1,
  ...over,
})

describe('which claim a transfer pays', () => {
  it('the claim open at the transfer’s gateway time, first by server order', () => {
    const a = claim({ serverSeq: 7 })
    const b = claim({ chargeId: 'ch_b', tillId: 'till-b', openedAtMs: T0 - 30_000, serverSeq: 9 })
    expect(claimOf('ACC-1', T0 + 5_000, [b, a], SKEW)).toBe(a)
  })

  it('a claim ended before the transfer is not its; one not yet open (beyond the skew) neither', () => {
    const a = claim({ endedAtMs: T0 + 1_000 })
    const b = claim({ chargeId: 'ch_b', tillId: 'till-b', openedAtMs: T0 + 500, serverSeq: 2 })
    expect(claimOf('ACC-1', T0 + 1_000, [a, b], SKEW)).toBe(a) // the transfer that ended it
    expect(claimOf('ACC-1', T0 + 2_000, [a, b], SKEW)).toBe(b)
    expect(claimOf('ACC-1', T0 - SKEW - 1, [a], SKEW)).toBeNull()
    expect(claimOf('ACC-2', T0 + 2_000, [a, b], SKEW)).toBeNull()
  })

  it('a claim not on the server yet comes after every claim that is, whatever its time', () => {
    const early = claim({
      chargeId: 'ch_off',
      tillId: 'till-c',
      openedAtMs: T0 - 60_000,
      serverSeq: null,
    })
    const placed = claim({ serverSeq: 40 })
    expect(claimOf('ACC-1', T0 + 1_000, [early, placed], SKEW)).toBe(placed)
    // Two claims both off the server: the earlier opening, then the charge id.
    const other = claim({
      chargeId: 'ch_zz',
      tillId: 'till-d',
      openedAtMs: T0 - 60_000,
      serverSeq: null,
    })
    expect(claimOf('ACC-1', T0 + 1_000, [other, early], SKEW)).toBe(early)
  })
})
