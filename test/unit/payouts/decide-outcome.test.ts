// A payout whose outcome Tilldesk could not find out waits for a supervisor: they see why in
// words and decide "paid" (with the gateway's reference) or "not paid" (with a reason). The
// maker may not decide their own payout, and nothing else (edit, withdraw, reject) closes it.
import { afterEach, describe, expect, it } from 'vitest'
import { payoutsChannels } from '../../../common/ipc/payouts'
import { bindingHash } from '../../../main/payouts/binding'
import { SYSTEM_ACTOR, type PayoutItem } from '../../../main/payouts/model'
import { toView } from '../../../main/payouts/view'
import { english } from '../../../main/kernel/errors'
import {
  cashier,
  draftInput,
  GOOD_PIN,
  supervisor,
  supervisor2,
  world,
  type World,
} from './helpers'

let w: World
afterEach(async () => w?.cleanup())

/** Drafted by supervisor2, approved by supervisor, then lost in flight and escalated. */
async function itemInReview(): Promise<PayoutItem> {
  const draft = await w.commands.draft(supervisor2, draftInput({ submit: true }))
  const item = await w.commands.approve(supervisor, draft.reference, GOOD_PIN, bindingHash(draft))
  const at = w.clock.now
  const steps = [
    { at, call: 'send' as const, said: 'The gateway did not answer in time.' },
    {
      at: at + 1,
      call: 'verify' as const,
      said: 'The gateway answered "not found" without saying whether it has this transfer.',
    },
  ]
  const system = (action: 'send' | 'lose' | 'escalate', from: string, to: string, patch = {}) => ({
    type: 'action' as const,
    action,
    ref: item.reference,
    by: SYSTEM_ACTOR,
    from: from as PayoutItem['state'],
    to: to as PayoutItem['state'],
    reason: null,
    patch,
  })
  await w.outbox.commit([
    system('send', 'approved', 'sending'),
    system('lose', 'sending', 'unknown', {
      uncertainty: { since: at, lastUnknownAt: at, resendRefused: false, existsSaid: false, steps },
    }),
    system('escalate', 'unknown', 'needs_review', {
      reviewReason:
        'Tilldesk could not find out whether this payout went out. It may or may not have been paid.',
    }),
  ])
  // The lost request can no longer land: its deadline and the commit lag are past (the fence).
  w.clock.now += 31_000
  return w.outbox.get(item.reference)!
}

describe('deciding an unknown outcome', () => {
  it('shows a supervisor why, in words, with the evidence, and offers only the decision', async () => {
    w = await world()
    const item = await itemInReview()
    const asSupervisor = toView(item, { id: supervisor.id, role: 'supervisor' })
    expect(asSupervisor.actions).toEqual(['decideOutcome'])
    expect(asSupervisor.outcome?.why).toMatch(/may or may not have been paid/)
    expect(asSupervisor.outcome?.steps.map((s) => s.said)).toEqual([
      'The gateway did not answer in time.',
      expect.stringMatching(/without saying whether it has this transfer/),
    ])
    expect(asSupervisor.outcome?.decideBlocked).toBeNull()
    const asMaker = toView(item, { id: supervisor2.id, role: 'supervisor' })
    expect(asMaker.actions).toEqual([])
    expect(asMaker.outcome?.decideBlocked).toMatch(/another supervisor/)
    expect(toView(item, { id: cashier.id, role: 'cashier' }).actions).toEqual([])
  })

  it('keys why it is unknown and why this person may not decide, for a French till', async () => {
    w = await world()
    const inReview = await itemInReview()
    const item = { ...inReview, state: 'unknown' as const, reviewReason: null }
    const asCashier = toView(item, { id: cashier.id, role: 'cashier' }).outcome!
    const asMaker = toView(item, { id: supervisor2.id, role: 'supervisor' }).outcome!
    expect(asCashier.decideBlockedSay).toEqual({ key: 'outcome.onlySupervisor' })
    expect(asMaker.decideBlockedSay).toEqual({ key: 'outcome.madePayout' })
    expect(asMaker.whySay?.key).toBe('outcome.latest')
    // The English is the keyed sentence's, and the gateway's last answer stays as written.
    expect(asMaker.why).toBe(english(asMaker.whySay!))
    expect(asMaker.why).toMatch(/without saying whether it has this transfer/)
    expect(asMaker.decideBlocked).toBe(english(asMaker.decideBlockedSay!))
    // A reason written by a person or an older till is shown as written, with no key.
    expect(toView(inReview, null).outcome?.whySay).toBeUndefined()
  })

  it('paid: needs the gateway reference and the PIN; success, recorded in the audit log', async () => {
    w = await world()
    const item = await itemInReview()
    await expect(
      w.commands.decideOutcome(supervisor, item.reference, GOOD_PIN, {
        outcome: 'paid',
        gatewayReference: '  ',
        reason: 'Seen on the dashboard',
      }),
    ).rejects.toMatchObject({ code: 'invalid_input' })
    await expect(
      w.commands.decideOutcome(supervisor, item.reference, '0000', {
        outcome: 'paid',
        gatewayReference: 'TRF_991',
        reason: 'Seen on the dashboard',
      }),
    ).rejects.toMatchObject({ code: 'wrong_pin' })
    const paid = await w.commands.decideOutcome(supervisor, item.reference, GOOD_PIN, {
      outcome: 'paid',
      gatewayReference: 'TRF_991',
      reason: 'Seen on the gateway dashboard',
    })
    expect(paid.state).toBe('success')
    expect(paid.resolution).toMatchObject({
      outcome: 'paid',
      gatewayReference: 'TRF_991',
      by: { id: supervisor.id },
    })
    expect(toView(paid, null).stateMeaning).toMatch(/Marked as paid by Sade Supervisor.*TRF_991/)
    // Keyed for a French till, the name, reference and reason as typed.
    expect(toView(paid, null).stateMeaningSay).toEqual({
      key: 'outcome.marked',
      params: {
        word: { key: 'outcome.word.paid' },
        name: 'Sade Supervisor',
        reference: 'TRF_991',
        reason: 'Seen on the gateway dashboard',
      },
    })
    const audit: string[] = []
    await w.outbox.history((r) => {
      if (r.body.type === 'action') audit.push(`${r.body.action} ${r.body.by.id} ${r.body.reason}`)
    })
    expect(audit.at(-1)).toBe(`resolvePaid ${supervisor.id} Seen on the gateway dashboard`)
  })

  it('not paid: needs a reason; the payout closes without ever being "failed"', async () => {
    w = await world()
    const item = await itemInReview()
    await expect(
      w.commands.decideOutcome(supervisor, item.reference, GOOD_PIN, {
        outcome: 'not_paid',
        reason: '',
      }),
    ).rejects.toMatchObject({ code: 'reason_required' })
    const closed = await w.commands.decideOutcome(supervisor, item.reference, GOOD_PIN, {
      outcome: 'not_paid',
      reason: 'Gateway support confirmed no transfer',
    })
    expect(closed.state).toBe('rejected')
    expect(toView(closed, null).stateMeaning).toMatch(/Marked as not paid.*Gateway support/)
  })

  it('the maker may not decide, and nothing else closes it', async () => {
    w = await world()
    const item = await itemInReview()
    await expect(
      w.commands.decideOutcome(supervisor2, item.reference, GOOD_PIN, {
        outcome: 'not_paid',
        reason: 'I think it failed',
      }),
    ).rejects.toMatchObject({ code: 'maker_cannot_approve' })
    await expect(
      w.commands.decideOutcome(cashier, item.reference, GOOD_PIN, {
        outcome: 'not_paid',
        reason: 'I think it failed',
      }),
    ).rejects.toMatchObject({ code: 'forbidden_role' })
    await expect(
      w.commands.withdraw(supervisor2, item.reference, 'no longer needed'),
    ).rejects.toThrow()
    await expect(
      w.commands.reject(supervisor, item.reference, GOOD_PIN, 'not needed'),
    ).rejects.toThrow()
    await expect(w.commands.edit(supervisor2, item.reference, { narration: 'x' })).rejects.toThrow()
    expect(w.outbox.get(item.reference)?.state).toBe('needs_review')
  })

  it('a payout never unknown cannot be "decided"', async () => {
    w = await world()
    const draft = await w.commands.draft(cashier, draftInput({ submit: true }))
    await expect(
      w.commands.decideOutcome(supervisor, draft.reference, GOOD_PIN, {
        outcome: 'not_paid',
        reason: 'whatever it is',
      }),
    ).rejects.toMatchObject({ code: 'wrong_state' })
  })

  it('the IPC input needs the gateway reference for paid and a reason for both', () => {
    const input = payoutsChannels['payouts.decideOutcome'].input
    const base = { reference: 'TDP-1', pin: '4321' }
    expect(input.safeParse({ ...base, outcome: 'paid', reason: 'seen' }).success).toBe(false)
    expect(
      input.safeParse({ ...base, outcome: 'paid', gatewayReference: 'TRF_1', reason: 'seen' })
        .success,
    ).toBe(true)
    expect(input.safeParse({ ...base, outcome: 'not_paid', reason: ' ' }).success).toBe(false)
    expect(input.safeParse({ ...base, outcome: 'failed', reason: 'x' }).success).toBe(false)
    expect(payoutsChannels['payouts.decideOutcome'].role).toBe('supervisor')
  })
})
