// The minimum wait before verify-then-resend must also hold across a restart. A resend
// that was in flight when the till stopped is a request whose answer was lost like any other:
// the restarted sender may only believe "no such transfer" once `verifyAfterMs` has passed
// since that resend left (issue: "Wait a minimum time before verify-then-resend"; docs/payouts.md
// "Unknown outcomes": a "no such transfer" read before the lost request has landed or died
// would clear a second send of a payout that is about to exist).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import { bindingHash } from '../../../main/payouts/binding'
import type { DisbursementBody } from '../../../main/payouts/gatewayPort'
import { Outbox } from '../../../main/payouts/outbox'
import { PayoutSender, type SenderOptions } from '../../../main/payouts/sender'
import {
  cashier,
  draftInput,
  FakeGateway,
  GOOD_PIN,
  supervisor,
  world,
  type World,
} from '../payouts/helpers'

const VERIFY_AFTER_MS = 1_000

let w: World
const senders: PayoutSender[] = []
let reopened: Outbox | null = null
afterEach(async () => {
  // The first sender has a request that never answers: stop it without waiting for that.
  for (const s of senders.splice(0)) void s.stop()
  await reopened?.close().catch(() => undefined)
  reopened = null
  await w?.cleanup()
})

function sender(outbox: Outbox, gateway: FakeGateway, extra: Partial<SenderOptions> = {}) {
  const s = new PayoutSender({
    outbox,
    gateway: async () => gateway,
    resolveName: async () => ({
      kind: 'resolved',
      accountName: 'OKAFOR ADAEZE NGOZI',
      bankName: 'Access Bank',
      at: w.clock.now,
    }),
    now: () => w.clock.now,
    pollMs: 1,
    retryBaseMs: 5,
    retryMaxMs: 20,
    idleMs: 5,
    reversalWatchMs: 0,
    verifyAfterMs: VERIFY_AFTER_MS,
    unknownWindowMs: 60_000,
    ...extra,
  })
  senders.push(s)
  s.start()
  return s
}

describe('payouts: a resend in flight when the till stops', () => {
  it('is not verified-then-resent by the restarted sender before the minimum wait', async () => {
    w = await world()
    const draft = await w.commands.draft(cashier, draftInput({ submit: true }))
    const item = await w.commands.approve(supervisor, draft.reference, GOOD_PIN, bindingHash(draft))
    // Real time from here on, starting where the world's clock was.
    const start = Date.now()
    const base = w.clock.now
    Object.defineProperty(w.clock, 'now', {
      get: () => base + (Date.now() - start),
      configurable: true,
    })

    // First process: the first request's answer is lost (nothing committed), verify later says
    // "no such transfer", and the resend with the same reference never answers: the till stops.
    const first = new FakeGateway()
    first.initFaults.push({ kind: 'timeout', when: 'before' })
    let resendAt: number | null = null
    const initialize = first.disbursements.initialize
    first.disbursements.initialize = async (body: DisbursementBody): Promise<Transfer> => {
      if (first.count('initialize', body.reference) === 1) {
        first.calls.push(`initialize:${body.reference}`)
        resendAt = w.clock.now
        return new Promise<Transfer>(() => undefined)
      }
      return initialize(body)
    }
    sender(w.outbox, first)
    await vi.waitFor(() => expect(resendAt).not.toBeNull(), { timeout: 5_000, interval: 5 })
    const stoppedAt = resendAt!

    // Second process, on what is on disk. The resend that was in flight commits at the gateway
    // shortly after the stop (well within the minimum wait), as a slow request does.
    reopened = await Outbox.open({ dir: w.dir, now: () => w.clock.now })
    const second = new FakeGateway()
    const initStamps: number[] = []
    const verify = second.disbursements.verify
    const lands = (): void => {
      if (second.transfers.has(item.reference) || w.clock.now < stoppedAt + VERIFY_AFTER_MS / 2)
        return
      second.transfers.set(item.reference, {
        reference: item.reference,
        status: 'pending',
        amount: item.amount,
        currency: item.currency,
        bank_code: item.bankCode,
        account_number: item.accountNumber,
        narration: item.narration,
      })
    }
    second.disbursements.verify = async (reference: string) => {
      lands()
      return verify(reference)
    }
    const secondInit = second.disbursements.initialize
    second.disbursements.initialize = async (body: DisbursementBody) => {
      initStamps.push(w.clock.now)
      lands()
      return secondInit(body)
    }
    const restarted = sender(reopened, second)
    await restarted.idle(5_000)

    expect(reopened.get(item.reference)?.state).toBe('success')
    // No initialize of this reference before the resend that was in flight could have landed.
    for (const at of initStamps) expect(at - stoppedAt).toBeGreaterThanOrEqual(VERIFY_AFTER_MS)
  })
})
