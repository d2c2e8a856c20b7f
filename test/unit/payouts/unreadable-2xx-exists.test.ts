// A 2xx answer to initialize means the gateway accepted the transfer, even when its
// body could not be read (docs/gateway-client.md, `bad_response`: "A 2xx write was accepted:
// look it up by reference, and never re-send it"; submitByReference already treats it as "the
// record exists"). A lookup that cannot see it yet (commit lag) must not clear a second send.
import { afterEach, describe, expect, it } from 'vitest'
import type { Transfer } from '../../../common/api/disbursements'
import { bindingHash } from '../../../main/payouts/binding'
import type { DisbursementBody } from '../../../main/payouts/gatewayPort'
import { PayoutSender } from '../../../main/payouts/sender'
import {
  cashier,
  draftInput,
  gatewayError,
  GOOD_PIN,
  supervisor,
  world,
  type World,
} from '../payouts/helpers'

let w: World
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
})

describe('payouts: initialize answered 2xx with a body that cannot be read', () => {
  it('is never sent again, even while verify cannot see the transfer yet', async () => {
    w = await world()
    const draft = await w.commands.draft(cashier, draftInput({ submit: true }))
    const item = await w.commands.approve(supervisor, draft.reference, GOOD_PIN, bindingHash(draft))
    const start = Date.now()
    const base = w.clock.now
    Object.defineProperty(w.clock, 'now', {
      get: () => base + (Date.now() - start),
      configurable: true,
    })
    // The gateway commits the transfer and answers 200 with a body the client can't read; its
    // read side shows the transfer only after a few lookups.
    w.gateway.commitLagVerifies = 3
    const initialize = w.gateway.disbursements.initialize
    let first = true
    w.gateway.disbursements.initialize = async (body: DisbursementBody): Promise<Transfer> => {
      const transfer = await initialize(body)
      if (!first) return transfer
      first = false
      throw gatewayError('bad_response', { status: 200 })
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
      unknownWindowMs: 5_000,
    })
    sender.start()
    await sender.idle(5_000)
    expect(w.outbox.get(item.reference)?.state).toBe('success')
    expect(w.gateway.count('initialize', item.reference)).toBe(1)
  })
})
