// A Retry-After on a send (a rate limit on sending) holds back every first send and every
// resend of every kind on that environment, not only those of the kind that met it: a payout's
// 429 on initialize holds a refund's resend after a lost answer, and a refund's first send.
// One clock (manual timers) drives both; the test moves it past the hold by hand.
import { afterEach, describe, expect, it } from 'vitest'
import { Pacing } from '../../../main/exactly-once/pacing'
import { HONOURED } from '../../../main/exactly-once/trust'
import { PayoutSender } from '../../../main/payouts/sender'
import { rejection } from '../../support/async'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'
import { gwError, type ManualTimers } from '../payments/support'
import { approvedPayout, world, type World } from '../payouts/helpers'

const RETRY_AFTER_MS = 60_000

let w: World | null = null
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
  w = null
})

/** Refunds whose every answer is lost, on a gateway that holds none of them; their pacing. */
function refunds() {
  const sent: string[] = []
  const gateway = refundsGateway({
    initialize: async (body) => {
      sent.push(body.reference)
      throw gwError('timeout', { status: null, outcomeUnknown: true })
    },
    get: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
  })
  let pacing = new Pacing()
  const rig = refundsRig(gateway, (timers) => {
    pacing = new Pacing(() => timers.now())
    return { trust: HONOURED, pacing }
  })
  const issue = (amount: string) =>
    rig.service.issue({ paymentReference: 'PAY_1', kind: 'partial', amount, reason: 'Returned' })
  return { sent, issue, timers: rig.timers, pacing }
}

/** A payout whose first request meets a 429 with a Retry-After, on the same pacing. */
async function rateLimitedPayout(timers: ManualTimers, pacing: Pacing): Promise<void> {
  w = await world()
  const payout = await approvedPayout(w, 0)
  w.gateway.initFaults.push({ kind: '429', retryAfterMs: RETRY_AFTER_MS })
  sender = new PayoutSender({
    outbox: w.outbox,
    gateway: async () => w!.gateway,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'Okafor Adaeze Ngozi',
      bankName: 'Access Bank',
      at: timers.now(),
    }),
    now: () => timers.now(),
    concurrency: 1,
    idleMs: 5,
    reversalWatchMs: 0,
    pacing,
  })
  sender.start()
  await expect.poll(() => sender?.problem(payout.reference)?.code).toBe('rate_limited')
  await sender.stop()
  sender = null
  expect(w.gateway.count('initialize', payout.reference)).toBe(1)
}

describe("a payout's Retry-After on initialize", () => {
  it("holds back a refund's resend after a lost answer until it has passed", async () => {
    const r = refunds()
    await rejection(r.issue('10'))
    expect(r.sent).toHaveLength(1)

    await rateLimitedPayout(r.timers, r.pacing)
    // Past the wait after the lost request: the refund's lookup says "no such refund".
    await r.timers.advance(RETRY_AFTER_MS - 5_000)
    expect(r.sent).toHaveLength(1)

    await r.timers.advance(10_000)
    expect(r.sent).toHaveLength(2)
  })

  it("refuses a refund's first send while it holds, and nothing leaves", async () => {
    const r = refunds()
    await rateLimitedPayout(r.timers, r.pacing)

    const error = await rejection(r.issue('10'))
    expect(error.message).toMatch(/busy/i)
    expect(r.sent).toHaveLength(0)
  })
})
