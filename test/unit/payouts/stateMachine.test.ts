import { describe, expect, it } from 'vitest'
import { bindingHash } from '../../../main/payouts/binding'
import {
  PAYOUT_STATES,
  SYSTEM_ACTOR,
  type ActorRef,
  type PayoutItem,
  type PayoutState,
} from '../../../main/payouts/model'
import { applyRecord, RecordRejectedError, type ItemPatch } from '../../../main/payouts/records'
import {
  ACTIONS,
  allowedTransitions,
  assertTransition,
  canAct,
  PAYOUT_ACTIONS,
  TransitionError,
} from '../../../main/payouts/stateMachine'
import { cashier, itemFixture as item, naira, supervisor } from './helpers'

// The graph the issue asks for, written out independently of the ACTIONS table.
const EXPECTED: Record<PayoutState, PayoutState[]> = {
  draft: ['draft', 'awaiting_approval', 'rejected', 'needs_review'],
  awaiting_approval: ['approved', 'rejected', 'draft', 'needs_review'],
  approved: ['sending', 'expired', 'draft', 'rejected', 'needs_review'],
  // `failed` straight from sending only for a refusal of a request with nothing unknown before.
  sending: ['submitted', 'failed', 'unknown'],
  // Unknown: only the gateway's answer (submitted), the window running out (needs_review) or
  // a supervisor's decision (success = paid, rejected = not paid). Never failed.
  unknown: ['submitted', 'needs_review', 'success', 'rejected'],
  submitted: ['success', 'failed'],
  // success and rejected: a supervisor's decision the gateway's record contradicts is overruled
  // (back to submitted, then as the gateway says), with an alarm.
  success: ['reversed', 'submitted'],
  failed: [],
  reversed: [],
  rejected: ['submitted'],
  needs_review: ['draft', 'awaiting_approval', 'rejected', 'submitted', 'success'],
  expired: ['awaiting_approval', 'draft', 'rejected'],
}

describe('payout state machine', () => {
  it('allows exactly the transitions of the issue, and nothing else', () => {
    const graph = allowedTransitions()
    for (const from of PAYOUT_STATES) {
      for (const to of PAYOUT_STATES) {
        const allowed = graph.get(from)?.has(to) ?? false
        expect({ from, to, allowed }).toEqual({ from, to, allowed: EXPECTED[from].includes(to) })
      }
    }
  })

  it('checks every action against every state', () => {
    let allowed = 0
    let refused = 0
    for (const action of PAYOUT_ACTIONS) {
      for (const from of PAYOUT_STATES) {
        const rule = ACTIONS[action]
        const ok = (rule.from as readonly PayoutState[]).includes(from)
        expect(canAct(action, from)).toBe(ok)
        if (ok) {
          expect(() => assertTransition(action, from, rule.to)).not.toThrow()
          allowed += 1
        } else {
          expect(() => assertTransition(action, from, rule.to)).toThrow(TransitionError)
          refused += 1
        }
        // An allowed action never reaches a state other than its own target.
        for (const to of PAYOUT_STATES.filter((s) => s !== rule.to)) {
          expect(() => assertTransition(action, from, to)).toThrow(TransitionError)
        }
      }
    }
    expect(allowed).toBeGreaterThan(20)
    expect(refused).toBeGreaterThan(100)
  })

  it('final states have no way out, but the gateway overrules a decision it contradicts', () => {
    for (const state of ['failed', 'reversed'] as const) {
      expect(PAYOUT_ACTIONS.filter((action) => canAct(action, state))).toEqual([])
    }
    expect(PAYOUT_ACTIONS.filter((action) => canAct(action, 'rejected'))).toEqual(['overrule'])
  })
})

describe('the reducer holds every record to the rules (live and on replay)', () => {
  const act = (
    current: PayoutItem,
    action: keyof typeof ACTIONS,
    by: ActorRef = supervisor,
    patch: ItemPatch = {},
  ): PayoutItem =>
    applyRecord(
      current,
      {
        type: 'action',
        action,
        ref: current.reference,
        by,
        from: current.state,
        to: ACTIONS[action].to,
        reason: null,
        patch,
      },
      1,
    )

  it('refuses a record whose from-state is not the current state', () => {
    expect(() =>
      applyRecord(
        item('draft'),
        {
          type: 'action',
          action: 'approve',
          ref: 'TDP-TEST-1',
          by: supervisor,
          from: 'awaiting_approval',
          to: 'approved',
          reason: null,
          patch: {},
        },
        1,
      ),
    ).toThrow(RecordRejectedError)
  })

  it('refuses system actions by a person, and people actions by the system', () => {
    expect(() => act(item('approved'), 'send', supervisor)).toThrow(/Only Tilldesk itself/)
    expect(() => act(item('draft'), 'submit', SYSTEM_ACTOR)).toThrow(/needs a person/)
  })

  it('refuses an approval by a maker, by a cashier, or not bound to the item', () => {
    const waiting = item('awaiting_approval')
    const approval = { by: supervisor, at: 1, expiresAt: 10, bindingHash: bindingHash(waiting) }
    expect(() => act(waiting, 'approve', cashier, { approval })).toThrow(/supervisor or admin/)
    expect(() =>
      act(
        item('awaiting_approval', { makers: [cashier.id, supervisor.id] }),
        'approve',
        supervisor,
        { approval },
      ),
    ).toThrow(/made or edited/)
    expect(() =>
      act(waiting, 'approve', supervisor, {
        approval: { ...approval, bindingHash: 'f'.repeat(64) },
      }),
    ).toThrow(/bound/)
    expect(act(waiting, 'approve', supervisor, { approval }).state).toBe('approved')
  })

  it('refuses to send without a matching, unexpired approval', () => {
    const approved = item('approved')
    const good = { by: supervisor, at: 0, expiresAt: 100, bindingHash: bindingHash(approved) }
    expect(() => act({ ...approved, approval: null }, 'send', SYSTEM_ACTOR)).toThrow(
      /approval matches/,
    )
    expect(() =>
      act({ ...approved, approval: { ...good, expiresAt: 1 } }, 'send', SYSTEM_ACTOR),
    ).toThrow(/expired/)
    expect(() =>
      act({ ...approved, approval: good, amount: naira(1001) }, 'send', SYSTEM_ACTOR),
    ).toThrow(/approval matches/)
    expect(act({ ...approved, approval: good }, 'send', SYSTEM_ACTOR).state).toBe('sending')
  })

  it('never lets a patch change the reference', () => {
    expect(() =>
      act(item('draft'), 'submit', cashier, { reference: 'OTHER' } as ItemPatch),
    ).toThrow(/reference/)
  })
})
