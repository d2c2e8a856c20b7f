// Approvals signed by the device key: made only after the approver's PIN check in main, and
// verified by the sender. An approval copied onto another payout, with its SHA-256 binding
// hash recomputed (anyone can), is refused and never sent.
import { afterEach, describe, expect, it } from 'vitest'
import { IntegrityService } from '../../../main/integrity'
import { approvalMatches, bindingHash } from '../../../main/payouts/binding'
import type { PayoutItem } from '../../../main/payouts/model'
import { PayoutSender } from '../../../main/payouts/sender'
import { waitFor } from '../../support/async'
import { cashier, draftInput, GOOD_PIN, supervisor, world, type World } from '../payouts/helpers'
import { MemoryKeychain } from '../shell/helpers'

let w: World | null = null
let sender: PayoutSender | null = null
afterEach(async () => {
  await sender?.stop()
  sender = null
  await w?.cleanup()
  w = null
})

async function signedWorld() {
  const integrity = await IntegrityService.open({ keychain: new MemoryKeychain() })
  const sealer = integrity.sealer('live')
  w = await world({ approvalSealer: sealer })
  const a = await w.commands.draft(cashier, draftInput({ submit: true }))
  const b = await w.commands.draft(
    cashier,
    draftInput({
      submit: true,
      accountNumber: '1111111111',
      accountName: 'Bello Musa',
      amount: '900',
    }),
  )
  const approvedA = await w.commands.approve(supervisor, a.reference, GOOD_PIN, bindingHash(a))
  return { w, sealer, approvedA, b }
}

describe('signed approvals', () => {
  it('an approval carries the device key’s signature, made after the PIN check', async () => {
    const { sealer, approvedA, w } = await signedWorld()
    expect(approvedA.approval?.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(approvalMatches(approvedA, sealer)).toBe(true)
    // A wrong PIN signs nothing.
    const c = await w.commands.draft(cashier, draftInput({ submit: true, amount: '700' }))
    await expect(
      w.commands.approve(supervisor, c.reference, '0000', bindingHash(c)),
    ).rejects.toThrow(/Wrong PIN/)
    expect(w.outbox.get(c.reference)?.approval).toBeNull()
  })

  it('replay an approval onto another payout: the binding hash matches, the signature does not', async () => {
    const { sealer, approvedA, b } = await signedWorld()
    const replayed: PayoutItem = {
      ...b,
      state: 'approved',
      approval: { ...approvedA.approval!, bindingHash: bindingHash(b) },
    }
    expect(approvalMatches(replayed)).toBe(true)
    expect(approvalMatches(replayed, sealer)).toBe(false)
    // Edited times (a longer expiry) break it too.
    const stretched: PayoutItem = {
      ...approvedA,
      approval: { ...approvedA.approval!, expiresAt: approvedA.approval!.expiresAt + 86_400_000 },
    }
    expect(approvalMatches(stretched, sealer)).toBe(false)
  })

  it('the sender refuses a replayed approval and holds the payout, without sending it', async () => {
    const { sealer, approvedA, b, w } = await signedWorld()
    // The forged approval reaches the outbox as an approve record (as a hand-edited journal
    // from before sealing would): the reducer's own checks are all satisfied.
    await w.outbox.commit([
      {
        type: 'action',
        action: 'approve',
        ref: b.reference,
        by: approvedA.approval!.by,
        from: 'awaiting_approval',
        to: 'approved',
        reason: null,
        patch: { approval: { ...approvedA.approval!, bindingHash: bindingHash(b) } },
      },
    ])
    sender = new PayoutSender({
      outbox: w.outbox,
      gateway: async () => w!.gateway,
      resolveName: async () => ({
        kind: 'resolved',
        accountName: 'Bello Musa',
        bankName: 'Bello Musa',
        at: Date.now(),
      }),
      now: () => w!.clock.now,
      idleMs: 5,
      reversalWatchMs: 0,
      approvalSealer: sealer,
    })
    sender.start()
    const held = await waitFor('the replayed approval to be held', () => {
      const item = w!.outbox.get(b.reference)
      return item?.state === 'needs_review' ? item : null
    })
    expect(held.reviewReason).toMatch(/not signed by this till/)
    expect(w.gateway.calls.filter((call) => call === `initialize:${b.reference}`)).toEqual([])
  })
})
