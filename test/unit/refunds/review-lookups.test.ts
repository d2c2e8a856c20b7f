// A refund whose outcome is unknown goes to needs_review when the window ends, but the
// gateway's answer for its reference still settles it before anyone has to guess (as payouts
// do, docs/payouts.md "Unknown outcomes": looked up every `reviewPollMs` while in review).
import { describe, expect, it } from 'vitest'
import type { RefundView } from '../../../common/ipc/refunds'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import {
  REVIEW_LOOKUP_SCHEDULE,
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { rejection } from '../../support/async'
import { ManualTimers, gwError, log, noRefunds } from '../payments/support'

describe('a refund waiting for a supervisor', () => {
  it('is still looked up now and then, and settled by the gateway when it shows it', async () => {
    const timers = new ManualTimers()
    let shown: Record<string, unknown> | null = null
    const empty = noRefunds()
    const gateway = {
      payments: {
        verify: async () => ({
          reference: 'PAY_1',
          status: 'success',
          amount: 10_000,
          currency: 'NGN',
          amount_refunded: 0,
        }),
      },
      refunds: {
        initialize: async () =>
          Promise.reject(gwError('timeout', { status: null, outcomeUnknown: true })),
        // Silent until the test lets the gateway show the refund.
        get: async () => {
          if (shown) return structuredClone(shown)
          throw gwError('server', { status: 503, outcomeUnknown: true })
        },
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
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
      publish: (view) => void seen.push(view),
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
    })
    await rejection(service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }))
    const reference = journal.list()[0]!.reference
    await timers.advance(35 * 60_000)
    expect(journal.get(reference)?.status).toBe('needs_review')

    shown = {
      reference,
      payment_reference: 'PAY_1',
      amount: 10_000,
      currency: 'NGN',
      status: 'success',
    }
    await timers.advance(60 * 60_000)
    expect(journal.get(reference)?.status).toBe('success')
    expect(seen.at(-1)?.status).toBe('success')
    service.stop()
  })
})
