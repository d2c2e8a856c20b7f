// Refunds (and payments and debits, which share pursueByReference) must keep the
// minimum wait before verify-then-resend across a restart. When the till stops while a
// resend is in flight, the restarted till must treat that resend as a request whose answer
// was lost: no "no such refund" is believed, and nothing is sent again, until `verifyAfterMs`
// after it left (issue: "Wait a minimum time before verify-then-resend").
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

const VERIFY_AFTER_MS = 25_000

/** A gateway with one paid payment; `initialize` does what the test says. */
function gateway(initialize: (body: { reference?: string }) => Promise<unknown>): RefundsGateway {
  const payment = paidPayment()
  const empty = noRefunds()
  return {
    payments: { verify: async () => structuredClone(payment) },
    refunds: {
      initialize,
      // The gateway has no refund with the reference yet (a JSON "no such record").
      get: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
      ofPayment: async () => structuredClone(empty),
      history: async () => structuredClone(empty),
      counts: async () => ({ status: true, data: {} }),
    },
  } as unknown as RefundsGateway
}

function service(
  storage: ReturnType<typeof memoryStorage>,
  timers: ManualTimers,
  gw: RefundsGateway,
) {
  const journal = new Journal({
    name: 'refunds',
    schema: RefundEntry,
    storage,
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 500,
    keep: (e) => e.status !== 'success' && e.status !== 'failed',
  })
  return new RefundsService({
    gateway: async () => gw,
    journal,
    follower: new Follower(SETTLEMENT_SCHEDULE, timers),
    publish: (_view: RefundView) => undefined,
    actor: () => ({ id: 'u_super0001', name: 'Sam' }),
    log,
    now: () => timers.now(),
    verifyAfterMs: VERIFY_AFTER_MS,
    unknownWindowMs: 30 * 60_000,
  })
}

describe('refunds: a resend in flight when the till stops', () => {
  it('is not followed by another send before the minimum wait after a restart', async () => {
    const storage = memoryStorage()
    const timersA = new ManualTimers()
    let resendAt: number | null = null
    let sendsA = 0
    const a = service(
      storage,
      timersA,
      gateway(async () => {
        sendsA++
        if (sendsA === 1) throw gwError('timeout', { status: null, outcomeUnknown: true })
        // The resend (same reference) leaves and never answers: the till stops meanwhile.
        resendAt = timersA.now()
        return new Promise(() => undefined)
      }),
    )
    const lost = await rejection(
      a.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Lost answer' }),
    )
    expect(lost.code).toBe('refund_unconfirmed')
    await timersA.advance(VERIFY_AFTER_MS + 4_000)
    expect(resendAt).not.toBeNull()
    a.stop()

    // The restarted till, one second after the stop, on what the journal holds.
    const timersB = new ManualTimers(resendAt! + 1_000)
    const sentB: number[] = []
    const b = service(
      storage,
      timersB,
      gateway(async () => {
        sentB.push(timersB.now())
        return new Promise(() => undefined)
      }),
    )
    b.resume()
    await timersB.advance(10_000)
    // Still within the minimum wait after the resend that was in flight: nothing sent again.
    expect(sentB.map((at) => at - resendAt!)).toEqual([])
  })
})
