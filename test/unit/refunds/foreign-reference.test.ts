// "`failed` on screen means the gateway said failed for that reference." The paths of
// the refund query operations are "not shown" in the spec, so a real gateway may answer our
// lookup with another refund. A refund record whose own `reference` is not ours says nothing
// about our refund: it must not settle it.
import { describe, expect, it } from 'vitest'
import type { RefundView } from '../../../common/ipc/refunds'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { rejection } from '../../support/async'
import { ManualTimers, gwError, log, paidPayment, noRefunds } from '../payments/support'

describe('a refund lookup answered with another refund', () => {
  it('does not fail our refund whose outcome is unknown', async () => {
    const timers = new ManualTimers()
    const payment = paidPayment()
    const empty = noRefunds()
    const gateway = {
      payments: { verify: async () => structuredClone(payment) },
      refunds: {
        initialize: async () =>
          Promise.reject(gwError('timeout', { status: null, outcomeUnknown: true })),
        get: async () => ({
          reference: 'RF-SOMEONE-ELSE',
          payment_reference: 'PAY_9',
          amount: 700,
          currency: 'NGN',
          status: 'failed',
          failure_reason: 'Bank rejected',
        }),
        ofPayment: async () => structuredClone(empty),
        history: async () => structuredClone(empty),
        counts: async () => ({ status: true, data: {} }),
      },
    } as unknown as RefundsGateway
    const journal = new Journal({
      name: 'refunds',
      schema: RefundEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: 500,
    })
    const seen: RefundView[] = []
    const service = new RefundsService({
      gateway: async () => gateway,
      journal,
      follower: new Follower(SETTLEMENT_SCHEDULE, timers),
      publish: (view) => void seen.push(view),
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
      verifyAfterMs: 25_000,
    })
    await rejection(service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }))
    await timers.advance(60_000)
    const [entry] = journal.list()
    expect(entry?.status).not.toBe('failed')
    expect(entry?.amount).toBe(10_000)
    expect(seen.some((view) => view.status === 'failed')).toBe(false)
  })
})
