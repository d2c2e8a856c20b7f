// A refund whose outcome is unknown may have moved money ("Money may have left. Only the
// gateway's answer for the reference, or a supervisor, settles it."). Until then its amount is
// not refundable again: otherwise a second refund (a new reference, so the gateway's reference
// check can't catch it) pays the customer back twice when the first one lands late.
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

describe('a refund whose outcome is unknown', () => {
  it('keeps its amount out of what can be refunded again', async () => {
    const timers = new ManualTimers()
    const sent: string[] = []
    const payment = paidPayment()
    // The gateway does not show the first refund yet (its request may still be on its way).
    const empty = noRefunds()
    const gateway = {
      payments: { verify: async () => structuredClone(payment) },
      refunds: {
        initialize: async (body: { reference: string }) => {
          sent.push(body.reference)
          throw gwError('timeout', { status: null, outcomeUnknown: true })
        },
        get: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
        ofPayment: async () => structuredClone(empty),
        history: async () => structuredClone(empty),
        counts: async () => ({ status: true, data: {} }),
      },
    } as unknown as RefundsGateway
    const service = new RefundsService({
      gateway: async () => gateway,
      journal: new Journal({
        name: 'refunds',
        schema: RefundEntry,
        storage: memoryStorage(),
        keyOf: (e) => e.reference,
        timeOf: (e) => e.createdAt,
        limit: 500,
      }),
      follower: new Follower(SETTLEMENT_SCHEDULE, timers),
      publish: (_view: RefundView) => undefined,
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
    })
    const first = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned goods' }),
    )
    expect(first.code).toBe('refund_unconfirmed')

    const again = await service.prepare('PAY_1')
    expect(again.refundable).toBe(0)
    await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned goods' }),
    )
    expect(sent).toHaveLength(1)
  })
})
