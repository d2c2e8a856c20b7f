// A refund whose outcome is unknown goes to needs_review when the window ends, but the
// gateway's answer for its reference still settles it before anyone has to guess (as payouts
// do, docs/payouts.md "Unknown outcomes": looked up every `reviewPollMs` while in review).
import { describe, expect, it } from 'vitest'
import { Follower, REVIEW_LOOKUP_SCHEDULE } from '../../../main/exactly-once/follower'
import { rejection } from '../../support/async'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'
import { gwError } from '../payments/support'

describe('a refund waiting for a supervisor', () => {
  it('is still looked up now and then, and settled by the gateway when it shows it', async () => {
    let shown: Record<string, unknown> | null = null
    const gateway = refundsGateway({
      initialize: async () =>
        Promise.reject(gwError('timeout', { status: null, outcomeUnknown: true })),
      // Silent until the test lets the gateway show the refund.
      get: async () => {
        if (shown) return structuredClone(shown)
        throw gwError('server', { status: 503, outcomeUnknown: true })
      },
    })
    const { service, journal, timers, seen } = refundsRig(gateway, (clock) => ({
      reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, clock),
    }))
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
