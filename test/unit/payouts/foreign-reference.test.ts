// "`failed` on screen means the gateway said failed for that reference. Nothing else."
// How the reference is passed to GET /disbursements/verify is "not shown" in the spec, so a
// real gateway may ignore our way of passing it and answer with another transfer. A transfer
// whose own `reference` is not the payout's says nothing about the payout: it must not settle
// it (neither failed nor paid).
import { afterEach, describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import { bindingHash } from '../../../main/payouts/binding'
import { PayoutSender } from '../../../main/payouts/sender'
import { cashier, draftInput, GOOD_PIN, supervisor, world, type World } from '../payouts/helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

describe('payouts: verify answers with a transfer of another reference', () => {
  it('after an unknown outcome, a failed transfer of another reference does not fail the payout', async () => {
    w = await world()
    const draft = await w.commands.draft(cashier, draftInput({ submit: true }))
    const item = await w.commands.approve(supervisor, draft.reference, GOOD_PIN, bindingHash(draft))
    const start = Date.now()
    const base = w.clock.now
    Object.defineProperty(w.clock, 'now', {
      get: () => base + (Date.now() - start),
      configurable: true,
    })
    // The first request's answer is lost; every lookup answers with someone else's transfer.
    w.gateway.initFaults.push({ kind: 'timeout', when: 'before' })
    const other: Transfer = {
      reference: 'TRF-SOMEONE-ELSE',
      status: 'failed',
      amount: item.amount,
      currency: item.currency,
      bank_code: item.bankCode,
      account_number: item.accountNumber,
      narration: 'another payout',
      failure_reason: 'Beneficiary account not found',
    }
    w.gateway.disbursements.verify = async (reference: string) => {
      w.gateway.calls.push(`verify:${reference}`)
      return { ...other }
    }
    sender = new PayoutSender({
      outbox: w.outbox,
      gateway: async () => w.gateway,
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
      verifyAfterMs: 30,
      unknownWindowMs: 300,
    })
    sender.start()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('needs_review')
  })
})
