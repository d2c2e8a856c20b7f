// The journal entry of a refund is forgotten only after "a definite refusal of the only
// request" (main/exactly-once/submit.ts). A failure that is not the gateway's answer at all (here a
// TypeError, as a fetch implementation, a logger or a listener may throw once the request has
// gone) says nothing about whether the refund was made: the entry must be kept and followed.
import { describe, expect, it } from 'vitest'
import type { RefundView } from '../../../common/ipc/refunds'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { ManualTimers, log, paidPayment, noRefunds } from '../payments/support'

describe('a refund whose send fails with an error that is not the gateway answering', () => {
  it('keeps its journal entry', async () => {
    const timers = new ManualTimers()
    const payment = paidPayment()
    const empty = noRefunds()
    const sent: string[] = []
    const gateway = {
      payments: { verify: async () => structuredClone(payment) },
      refunds: {
        initialize: async (body: { reference: string }) => {
          sent.push(body.reference)
          throw new TypeError('terminated')
        },
        get: async () => Promise.reject(new Error('not used')),
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
    const service = new RefundsService({
      gateway: async () => gateway,
      journal,
      follower: new Follower(SETTLEMENT_SCHEDULE, timers),
      publish: (_view: RefundView) => undefined,
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
    })
    await service
      .issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' })
      .catch(() => undefined)
    expect(sent).toHaveLength(1)
    expect(journal.get(sent[0]!)).toBeDefined()
  })
})
