// The till that loses a transfer to another till's sale tells the shop once (main/shop/
// moves.ts), so the till that gains it can carry the matching line in its next Z-report.
import { describe, expect, it } from 'vitest'
import type { TransferView } from '../../../common/ipc/collections'
import { minor } from '../../../common/money'
import type { ShopEvent } from '../../../main/shop/events'
import { MOVED, ShopMoves, type MovesShop } from '../../../main/shop/moves'

const disowned: TransferView = {
  reference: 'tr_both',
  accountReference: 'acc_ada',
  amount: minor(40_000_00),
  currency: 'NGN',
  status: 'success',
  narration: '',
  createdAt: '2026-03-02T10:00:00.000Z',
  firstSeenAt: '2026-03-02T10:00:00.000Z',
  chargeId: 'ch_front',
  late: true,
  acknowledgement: null,
  claimedBy: 'Back counter',
}

function shop(over: Partial<MovesShop> = {}) {
  const recorded: Array<{ kind: string; body: Record<string, unknown> }> = []
  const s: MovesShop = {
    status: () => ({ mode: 'shop', tillName: 'Front counter' }),
    ownEvents: () => [],
    record: async (kind, body) => {
      recorded.push({ kind, body })
    },
    ...over,
  }
  return { s, recorded }
}

describe('telling a moved transfer', () => {
  it('tells each move once, with the till it went to, and only a move', async () => {
    const { s, recorded } = shop()
    const moves = new ShopMoves(
      s,
      () => 'demo',
      () => undefined,
    )
    moves.hear('collections.lateTransfer', disowned)
    moves.hear('collections.lateTransfer', disowned)
    moves.hear('collections.lateTransfer', { ...disowned, reference: 'tr_late', claimedBy: null })
    moves.hear('charge.updated', disowned)
    await Promise.resolve()
    expect(recorded).toEqual([
      {
        kind: MOVED,
        body: {
          tillName: 'Front counter',
          toTill: 'Back counter',
          reference: 'tr_both',
          amountMinor: '4000000',
          currency: 'NGN',
          environment: 'demo',
        },
      },
    ])
  })

  it('does not tell again what its own shop log holds, and tells again after a failed record', async () => {
    const told: ShopEvent = {
      eventId: '20000000-0000-4000-8000-000000000001',
      tillId: 'till-f',
      tillSeq: 1,
      kind: MOVED,
      body: { reference: 'tr_both' },
      createdAt: '2026-03-02T12:00:00.000Z',
      signature: 'x'.repeat(86),
    }
    const after = shop({ ownEvents: () => [told] })
    new ShopMoves(
      after.s,
      () => 'demo',
      () => undefined,
    ).hear('collections.lateTransfer', disowned)
    expect(after.recorded).toEqual([])

    let fail = true
    const errors: unknown[] = []
    const flaky = shop()
    const record = flaky.s.record
    flaky.s.record = async (kind, body) => {
      if (fail) throw new Error('server away')
      return record(kind, body)
    }
    const moves = new ShopMoves(
      flaky.s,
      () => 'demo',
      (e) => errors.push(e),
    )
    moves.hear('collections.lateTransfer', disowned)
    await new Promise((resolve) => setImmediate(resolve))
    expect(errors).toHaveLength(1)
    fail = false
    moves.hear('collections.lateTransfer', disowned)
    await new Promise((resolve) => setImmediate(resolve))
    expect(flaky.recorded.map((r) => r.body.reference)).toEqual(['tr_both'])
  })

  it('tells nothing on a single till', () => {
    const single = shop({ status: () => ({ mode: 'single', tillName: null }) })
    new ShopMoves(
      single.s,
      () => 'demo',
      () => undefined,
    ).hear('collections.lateTransfer', disowned)
    expect(single.recorded).toEqual([])
  })
})
