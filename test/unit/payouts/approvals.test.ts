import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { approvalMatches, bindingHash } from '../../../main/payouts/binding'
import type { PayoutItem } from '../../../main/payouts/model'
import {
  cashier,
  cashier2,
  draftInput,
  GOOD_PIN,
  supervisor,
  supervisor2,
  world,
  type World,
} from './helpers'

let w: World
afterEach(async () => w?.cleanup())

async function waiting(overrides = {}): Promise<PayoutItem> {
  return w.commands.draft(cashier, draftInput({ submit: true, ...overrides }))
}

describe('maker-checker', () => {
  it('a second cashier cannot approve; the creator cannot approve; a supervisor can', async () => {
    w = await world()
    const item = await waiting()
    const hash = bindingHash(item)
    await expect(
      w.commands.approve(cashier2, item.reference, GOOD_PIN, hash),
    ).rejects.toMatchObject({ code: 'forbidden_role' })
    const supervisorsOwn = await w.commands.draft(
      supervisor,
      draftInput({ submit: true, accountNumber: '1111111111', accountName: 'Bello Musa' }),
    )
    await expect(
      w.commands.approve(
        supervisor,
        supervisorsOwn.reference,
        GOOD_PIN,
        bindingHash(supervisorsOwn),
      ),
    ).rejects.toMatchObject({
      code: 'maker_cannot_approve',
      message: expect.stringMatching(/You created this payout/),
    })
    const done = await w.commands.approve(supervisor, item.reference, GOOD_PIN, hash)
    expect(done.state).toBe('approved')
    expect(done.approval).toMatchObject({ by: { id: supervisor.id }, bindingHash: hash })
  })

  it('a supervisor who edited a payout cannot approve it', async () => {
    w = await world()
    const item = await waiting()
    const edited = await w.commands.edit(supervisor, item.reference, { narration: 'Invoice 43' })
    const resent = await w.commands.submit(supervisor, edited.reference)
    await expect(
      w.commands.approve(supervisor, resent.reference, GOOD_PIN, bindingHash(resent)),
    ).rejects.toMatchObject({
      code: 'maker_cannot_approve',
      message: expect.stringMatching(/edited/),
    })
    await expect(
      w.commands.approve(supervisor2, resent.reference, GOOD_PIN, bindingHash(resent)),
    ).resolves.toMatchObject({ state: 'approved' })
  })

  it('needs the approver’s PIN, re-entered', async () => {
    w = await world()
    const item = await waiting()
    await expect(
      w.commands.approve(supervisor, item.reference, '0000', bindingHash(item)),
    ).rejects.toMatchObject({ code: 'wrong_pin' })
    expect(w.outbox.get(item.reference)?.state).toBe('awaiting_approval')
  })

  it('needs a reason to reject, and a PIN', async () => {
    w = await world()
    const item = await waiting()
    await expect(
      w.commands.reject(supervisor, item.reference, GOOD_PIN, '  '),
    ).rejects.toMatchObject({ code: 'reason_required' })
    await expect(
      w.commands.reject(supervisor, item.reference, '9999', 'Duplicate invoice'),
    ).rejects.toMatchObject({ code: 'wrong_pin' })
    const rejected = await w.commands.reject(
      supervisor,
      item.reference,
      GOOD_PIN,
      'Duplicate invoice',
    )
    expect(rejected).toMatchObject({
      state: 'rejected',
      decision: { reason: 'Duplicate invoice', by: { id: supervisor.id } },
    })
  })

  it('works offline: the approval binds the typed name, and the name is checked before sending', async () => {
    w = await world()
    w.gateway.resolveUnavailable = true
    const item = await waiting({ accountName: 'Adaeze Okafor' })
    expect(item).toMatchObject({ state: 'awaiting_approval', nameSource: 'typed', nameCheck: null })
    const approved = await w.commands.approve(
      supervisor,
      item.reference,
      GOOD_PIN,
      bindingHash(item),
    )
    expect(approved.state).toBe('approved')
    expect(approved.nameCheck).toBeNull()
  })

  it('holds a payout for review when the bank’s name differs from the typed one', async () => {
    w = await world()
    const item = await waiting({ accountName: 'John Smith' })
    expect(item.state).toBe('needs_review')
    expect(item.reviewReason).toMatch(/belongs to "OKAFOR ADAEZE NGOZI", not "John Smith"/)
    const accepted = await w.commands.acceptBankName(cashier, item.reference)
    expect(accepted).toMatchObject({
      state: 'awaiting_approval',
      accountName: 'OKAFOR ADAEZE NGOZI',
      nameSource: 'bank',
    })
  })

  it('holds at approval time when the name was typed offline and the bank now disagrees', async () => {
    w = await world()
    w.gateway.resolveUnavailable = true
    const item = await waiting({ accountName: 'John Smith' })
    w.gateway.resolveUnavailable = false
    await expect(
      w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item)),
    ).rejects.toMatchObject({ code: 'held_for_review' })
    expect(w.outbox.get(item.reference)?.state).toBe('needs_review')
  })
})

describe('approval binding', () => {
  it('any edit cancels the approval and returns the payout to draft', async () => {
    w = await world()
    const edits = [
      { amount: '12,500.51' },
      { accountNumber: '1111111111', accountName: 'Bello Musa' },
      { bankCode: '058' },
      { narration: 'Invoice 99' },
      { recipientEmail: 'x@example.com' },
      { purpose: 'refund' as const },
      { accountName: 'Okafor Adaeze' },
    ]
    for (const change of edits) {
      const item = await waiting()
      const approved = await w.commands.approve(
        supervisor,
        item.reference,
        GOOD_PIN,
        bindingHash(item),
      )
      expect(approvalMatches(approved)).toBe(true)
      const edited = await w.commands.edit(cashier, item.reference, change)
      expect(edited).toMatchObject({ state: 'draft', approval: null, reference: item.reference })
    }
  })

  it('an approval given for details that changed meanwhile is refused', async () => {
    w = await world()
    const item = await waiting()
    const seen = bindingHash(item)
    await w.commands.edit(cashier, item.reference, { amount: '99000' })
    const resent = await w.commands.submit(cashier, item.reference)
    await expect(
      w.commands.approve(supervisor, resent.reference, GOOD_PIN, seen),
    ).rejects.toMatchObject({ code: 'details_changed' })
  })

  it('property: changing any bound field changes the hash', () => {
    const base = {
      reference: 'TDP-1',
      amount: 100 as never,
      currency: 'NGN' as const,
      bankCode: '044',
      accountNumber: '0123456789',
      accountName: 'A B',
      narration: 'n',
      recipientEmail: null,
      purpose: 'supplier' as const,
    }
    const field = fc.constantFrom(...(Object.keys(base) as (keyof typeof base)[]))
    fc.assert(
      fc.property(
        field,
        fc.string({ minLength: 1 }),
        fc.integer({ min: 1, max: 1e12 }),
        (key, text, number) => {
          const changed = {
            ...base,
            [key]:
              key === 'amount' ? (base.amount as number) + number : `${String(base[key])}${text}`,
          }
          expect(bindingHash(changed as never)).not.toBe(bindingHash(base))
        },
      ),
    )
  })
})

describe('approval expiry', () => {
  it('expires approved payouts after the configured time; they can be sent for approval again', async () => {
    w = await world({ policy: { approvalTtlMs: 60 * 60_000 } })
    const item = await waiting()
    await w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(item))
    w.clock.now += 59 * 60_000
    expect(await w.commands.expireDue()).toBe(0)
    w.clock.now += 2 * 60_000
    expect(await w.commands.expireDue()).toBe(1)
    const expired = w.outbox.get(item.reference)!
    expect(expired).toMatchObject({ state: 'expired', approval: null })
    const again = await w.commands.resubmit(cashier, item.reference)
    expect(again).toMatchObject({ state: 'awaiting_approval', reference: item.reference })
    await expect(
      w.commands.approve(supervisor, item.reference, GOOD_PIN, bindingHash(again)),
    ).resolves.toMatchObject({ state: 'approved' })
  })
})

describe('durability of decisions', () => {
  it('everything acknowledged survives a reopen, in the same states', async () => {
    w = await world()
    const a = await waiting()
    const b = await waiting({ accountNumber: '1111111111', accountName: 'Bello Musa' })
    await w.commands.approve(supervisor, a.reference, GOOD_PIN, bindingHash(a))
    await w.commands.reject(supervisor, b.reference, GOOD_PIN, 'Not our supplier')
    const before = [...w.outbox.items()].map((i) => structuredClone(i))
    await w.outbox.close()
    const again = await world({ dir: w.dir })
    try {
      expect([...again.outbox.items()]).toEqual(before)
    } finally {
      await again.outbox.close()
    }
  })
})
