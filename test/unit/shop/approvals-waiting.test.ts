// A supervisor's till: the payouts waiting on the shop's other tills, and the decision event a
// supervisor's approve or reject becomes (main/shop/waiting.ts).
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { StoredEvent } from '../../../main/shop/events'
import { decisionEvent, waitingOnOtherTills } from '../../../main/shop/waiting'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'

const HASH = 'a'.repeat(64)
const REQUEST = '2026-11-24T09:59:00.000Z'
let seq = 0
function event(tillId: string, kind: string, body: Record<string, unknown>): StoredEvent {
  seq += 1
  return {
    eventId: randomUUID(),
    tillId,
    tillSeq: seq,
    serverSeq: seq,
    kind,
    body,
    createdAt: '2026-11-24T10:00:00.000Z',
    signature: 'x'.repeat(86),
  }
}
const state = (tillId: string, reference: string, s: string, extra: Record<string, unknown> = {}) =>
  event(tillId, 'payout.state', {
    tillName: tillId === 'till-front' ? 'Front counter' : 'Office',
    reference,
    state: s,
    amountMinor: '350000',
    currency: 'NGN',
    bankName: 'Access Bank',
    accountNumber: '0123456789',
    accountName: 'Okafor Adaeze Ngozi',
    narration: 'Invoice 7',
    purpose: 'supplier',
    maker: 'Ada Cashier',
    makerId: 'u_cashier',
    bindingHash: HASH,
    at: `2026-11-24T10:0${seq % 10}:00.000Z`,
    ...extra,
  })
const sade = { id: 'u_sade', name: 'Sade', role: 'supervisor' }

describe("payouts waiting on the shop's other tills", () => {
  it('lists what waits, with its till and every detail an approval binds', () => {
    const pulled = [
      state('till-front', 'TDP-1', 'awaiting_approval'),
      state('till-front', 'TDP-2', 'awaiting_approval'),
      state('till-front', 'TDP-2', 'approved'),
      state('till-office', 'TDP-3', 'draft'),
    ]
    const list = waitingOnOtherTills([], pulled, 'till-back', sade)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      tillId: 'till-front',
      tillName: 'Front counter',
      reference: 'TDP-1',
      amountText: '₦3,500.00',
      accountNumber: '0123456789',
      accountName: 'Okafor Adaeze Ngozi',
      bankName: 'Access Bank',
      narration: 'Invoice 7',
      maker: 'Ada Cashier',
      bindingHash: HASH,
      decided: null,
      blocked: null,
    })
  })

  it("leaves this till's own payouts to its journal", () => {
    const list = waitingOnOtherTills(
      [],
      [state('till-back', 'TDP-9', 'awaiting_approval')],
      'till-back',
      sade,
    )
    expect(list).toEqual([])
  })

  it('the maker may not decide it from another till, nor decide twice', () => {
    const pulled = [state('till-front', 'TDP-1', 'awaiting_approval', { makerId: 'u_sade' })]
    const [item] = waitingOnOtherTills([], pulled, 'till-back', sade)
    expect(item?.blocked).toMatch(/You drafted this payout/)
    const input = {
      tillId: 'till-front',
      reference: 'TDP-1',
      bindingHash: HASH,
      decision: 'approved' as const,
      reason: '',
    }
    expect(() => decisionEvent([item!], input, sade, 'Back counter', 'now')).toThrow(
      /another supervisor/,
    )

    const other = [state('till-front', 'TDP-4', 'awaiting_approval')]
    const first = decisionEvent(
      waitingOnOtherTills([], other, 'till-back', sade),
      { ...input, reference: 'TDP-4' },
      sade,
      'Back counter',
      '2026-11-24T10:05:00.000Z',
    )
    const own = [event('till-back', first.kind, first.body)]
    const [again] = waitingOnOtherTills(own, other, 'till-back', sade)
    expect(again?.decided).toMatchObject({ decision: 'approved', byName: 'Sade' })
    expect(again?.blocked).toMatch(/You already approved it/)
  })

  it('says why it is blocked by key, so a French screen says it in French', () => {
    const decided = (decision: 'approved' | 'rejected', tillName: string) => {
      const waiting = [state('till-front', 'TDP-5', 'awaiting_approval', { tillName })]
      const body = decisionEvent(
        waitingOnOtherTills([], waiting, 'till-back', sade),
        {
          tillId: 'till-front',
          reference: 'TDP-5',
          bindingHash: HASH,
          decision,
          reason: 'No invoice',
        },
        sade,
        'Back counter',
        '2026-11-24T10:05:00.000Z',
      )
      return waitingOnOtherTills(
        [event('till-back', body.kind, body.body)],
        waiting,
        'till-back',
        sade,
      )
    }
    const blocked = [
      ...waitingOnOtherTills(
        [],
        [
          state('till-front', 'TDP-1', 'awaiting_approval', { makerId: 'u_sade' }),
          state('till-front', 'TDP-2', 'awaiting_approval', { bindingHash: '' }),
        ],
        'till-back',
        sade,
      ),
      ...decided('approved', 'Front counter'),
      ...decided('rejected', ''),
    ]
    expect(blocked).toHaveLength(4)
    for (const item of blocked) {
      expect(item.blocked).not.toBeNull()
      expect(item.blockedSay).toBeDefined()
      expect(english(item.blockedSay!)).toBe(item.blocked)
      const french = sayIn(ERROR_WORDS.fr, item.blockedSay!, 'fr-CI')
      expect(french).toBeDefined()
      expect(englishIn(french!.replace('Front counter', ''))).toEqual([])
    }
  })

  it('a decision binds to the details shown: changed details are refused', () => {
    const list = waitingOnOtherTills(
      [],
      [state('till-front', 'TDP-1', 'awaiting_approval', { submittedAt: REQUEST })],
      'till-back',
      sade,
    )
    const input = {
      tillId: 'till-front',
      reference: 'TDP-1',
      bindingHash: 'b'.repeat(64),
      decision: 'approved' as const,
      reason: '',
    }
    expect(() => decisionEvent(list, input, sade, 'Back counter', 'now')).toThrow(/changed/)
    const made = decisionEvent(list, { ...input, bindingHash: HASH }, sade, 'Back counter', 'now')
    expect(made).toEqual({
      kind: 'payout.decision',
      body: {
        reference: 'TDP-1',
        tillId: 'till-front',
        decision: 'approved',
        payloadHash: HASH,
        request: REQUEST,
        userId: 'u_sade',
        userName: 'Sade',
        role: 'supervisor',
        reason: '',
        tillName: 'Back counter',
        at: 'now',
      },
    })
  })

  it('the same details asked for again are a new request, decided afresh', () => {
    const first = state('till-front', 'TDP-5', 'awaiting_approval', { submittedAt: REQUEST })
    const input = {
      tillId: 'till-front',
      reference: 'TDP-5',
      bindingHash: HASH,
      decision: 'approved' as const,
      reason: '',
    }
    const made = decisionEvent(
      waitingOnOtherTills([], [first], 'till-back', sade),
      input,
      sade,
      'Back counter',
      'now',
    )
    const decided = { ...event('till-back', made.kind, made.body) }
    // Asked again with the same details (the same hash) after Sade's decision was made.
    const again = state('till-front', 'TDP-5', 'awaiting_approval', {
      submittedAt: '2026-11-24T11:30:00.000Z',
    })
    expect(waitingOnOtherTills([decided], [first], 'till-back', sade)[0]).toMatchObject({
      decided: { decision: 'approved' },
    })
    expect(waitingOnOtherTills([decided], [first, again], 'till-back', sade)[0]).toMatchObject({
      request: '2026-11-24T11:30:00.000Z',
      decided: null,
      blocked: null,
    })
  })

  it('a rejection needs a reason; a cashier cannot decide', () => {
    const list = waitingOnOtherTills(
      [],
      [state('till-front', 'TDP-1', 'awaiting_approval', { submittedAt: REQUEST })],
      'till-back',
      sade,
    )
    const input = {
      tillId: 'till-front',
      reference: 'TDP-1',
      bindingHash: HASH,
      decision: 'rejected' as const,
      reason: ' ',
    }
    expect(() => decisionEvent(list, input, sade, 'Back counter', 'now')).toThrow(/reason/)
    expect(() =>
      decisionEvent(
        list,
        { ...input, decision: 'approved' },
        { id: 'u_c', name: 'Cy', role: 'cashier' },
        'Back counter',
        'now',
      ),
    ).toThrow(/Only a supervisor/)
  })
})
