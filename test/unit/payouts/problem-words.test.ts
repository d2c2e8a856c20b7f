// A payout's row problem is stored as main's English (the sender keeps it in the journal); the
// outbox's view names the same sentence by key so the Payouts screen says it in its language.
// A problem the words do not know (an older till's) keeps its English. Why the viewer may not
// approve a payout (the Approvals screen) is keyed the same way.
import { describe, expect, it } from 'vitest'
import { GATEWAY_ERROR_KINDS } from '../../../main/gateway/errors'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import {
  explainGatewayFailure,
  explainTransferFailure,
  gatewayFailureSaid,
  problemSaid,
  reviewReasonSaid,
} from '../../../main/payouts/explain'
import { judgeName } from '../../../main/payouts/name-check'
import { toView } from '../../../main/payouts/view'
import { describeMismatch, disbursementBody } from '../../../main/payouts/payout-kind'
import type { Transfer } from '../../../common/api/disbursements'
import type { PayoutsGateway } from '../../../main/payouts/gatewayPort'
import { nameEnquiry } from '../../support/payout-rig'
import { englishIn } from '../../support/english-words'
import { english } from '../../../main/kernel/errors'
import { cashier, gatewayError, itemFixture, supervisor } from './helpers'

describe('a payout row’s problem', () => {
  it('is named by key from main’s English, for every gateway failure the sender words', () => {
    const cases = GATEWAY_ERROR_KINDS.flatMap((kind) =>
      [undefined, 'Account “0123” is closed'].flatMap((message) =>
        (['send', 'verify', 'resolve'] as const).flatMap((during) =>
          [false, true].map((afterUnknown) => ({
            error: gatewayError(kind, { status: kind === 'server' ? 502 : null, message }),
            during,
            afterUnknown,
          })),
        ),
      ),
    )
    cases.push({ error: new Error('boom') as never, during: 'send', afterUnknown: false })
    for (const { error, during, afterUnknown } of cases) {
      const english = explainGatewayFailure(error, during, afterUnknown)
      expect(problemSaid(english), english).toEqual(gatewayFailureSaid(error, during, afterUnknown))
    }
  })

  it('reaches the screen keyed, and in French with no English word but the gateway’s', () => {
    const item = itemFixture('sending')
    const message = explainGatewayFailure(gatewayError('timeout'), 'send')
    const view = toView(
      { ...item, problem: { code: 'unknown', message, at: 1, transient: true } },
      cashier,
    )
    expect(view.problem?.message).toBe(message)
    const french = sayIn(ERROR_WORDS.fr, view.problem!.say!, 'fr-CI')
    expect(french).toBeDefined()
    expect(englishIn(french!)).toEqual([])
  })

  it('knows the sender’s own wait after the gateway asked it to slow down', () => {
    // main/payouts/sender.ts's sentence while a Retry-After holds every payout.
    const held =
      'The gateway asked Tilldesk to wait before sending more payouts; this one goes once that wait has passed.'
    expect(problemSaid(held)).toEqual({ key: 'payouts.gw.held' })
    expect(english({ key: 'payouts.gw.held' })).toBe(held)
  })

  it('keeps an older stored sentence the words do not know as it was', () => {
    const item = itemFixture('sending')
    const message = 'Something an older till said.'
    const view = toView(
      { ...item, problem: { code: 'unknown', message, at: 1, transient: false } },
      cashier,
    )
    expect(view.problem).toEqual({ message, transient: false })
  })
})

describe('why the viewer may not approve a payout', () => {
  it('is keyed beside its English, and French has no English word', () => {
    const waiting = itemFixture('awaiting_approval')
    const views = [
      toView(waiting, cashier),
      toView({ ...waiting, createdBy: { ...supervisor }, makers: [supervisor.id] }, supervisor),
      toView({ ...waiting, makers: [cashier.id, supervisor.id] }, supervisor),
    ]
    for (const view of views) {
      expect(view.approveBlocked).not.toBeNull()
      expect(view.approveBlockedSay).toBeDefined()
      expect(english(view.approveBlockedSay!)).toBe(view.approveBlocked)
      const french = sayIn(ERROR_WORDS.fr, view.approveBlockedSay!, 'fr-CI')
      expect(french).toBeDefined()
      expect(englishIn(french!)).toEqual([])
    }
    expect(toView(waiting, supervisor)).toMatchObject({ approveBlocked: null })
    expect(toView(waiting, supervisor).approveBlockedSay).toBeUndefined()
  })
})

describe('a payout the bank failed', () => {
  it('says our sentence keyed, with the bank’s own failure_reason quoted as written', () => {
    const reason = 'Beneficiary account closed'
    for (const [given, said] of [
      [reason, { key: 'payouts.gw.bankFailed', params: { message: reason } }],
      [null, { key: 'payouts.gw.bankFailedNoReason' }],
    ] as const) {
      const message = explainTransferFailure(given)
      const view = toView(
        {
          ...itemFixture('failed'),
          problem: { code: 'transfer_failed', message, at: 1, transient: false },
        },
        cashier,
      )
      expect(view.problem?.message).toBe(message)
      expect(view.problem?.say).toEqual(said)
      const french = sayIn(ERROR_WORDS.fr, view.problem!.say!, 'fr-CI')!
      expect(englishIn(french.replace(reason, ''))).toEqual([])
      if (given) expect(french).toContain(`« ${reason} »`)
    }
  })
})

describe('a transfer the gateway holds under the payout’s reference that does not match it', () => {
  it.each([
    ['the amount', { amount: 1 }],
    ['the account and the bank', { account_number: '9999999999', bank_code: '999' }],
    ['everything', { amount: 1, account_number: '9', bank_code: '9', currency: 'GHS' }],
  ])('names %s keyed, and French has no English word', (_, theirs) => {
    const item = itemFixture('submitted')
    const transfer = { ...disbursementBody(item), status: 'pending', ...theirs } as Transfer
    const message = describeMismatch(item, transfer)!
    const view = toView(
      { ...item, problem: { code: 'transfer_mismatch', message, at: 1, transient: false } },
      supervisor,
    )
    expect(view.problem?.say?.key).toBe('payouts.gw.mismatch')
    expect(english(view.problem!.say!)).toBe(message)
    const french = sayIn(ERROR_WORDS.fr, view.problem!.say!, 'fr-CI')!
    expect(french).toContain(item.reference)
    expect(englishIn(french)).toEqual([])
  })

  it('is nothing when what the gateway sent matches', () => {
    const item = itemFixture('submitted')
    const transfer = { reference: item.reference, status: 'pending' } as Transfer
    expect(describeMismatch(item, transfer)).toBeNull()
  })
})

describe('a payout’s review reason', () => {
  const latest = explainGatewayFailure(gatewayError('timeout'), 'verify')
  const reasons = [
    english({ key: 'payouts.review.unknown', params: { latest } }),
    english({ key: 'payouts.review.changed' }),
    english({ key: 'payouts.review.unsigned' }),
    judgeName(
      { accountName: 'Ada Obi', accountNumber: '0123456789' },
      { kind: 'resolved', accountName: 'Musa Bello', bankName: 'Test Bank', at: 1 },
    ).hold!,
  ]

  it('reaches Payouts and Approvals keyed, and in French with no English word', () => {
    for (const reason of reasons) {
      const view = toView({ ...itemFixture('needs_review'), reviewReason: reason }, supervisor)
      expect(view.reviewReason).toBe(reason)
      expect(view.stateMeaning).toBe(reason)
      expect(view.reviewReasonSay).toBeDefined()
      expect(view.stateMeaningSay).toEqual(view.reviewReasonSay)
      expect(english(view.reviewReasonSay!)).toBe(reason)
      const french = sayIn(ERROR_WORDS.fr, view.reviewReasonSay!, 'fr-CI')!
      expect(englishIn(french), french).toEqual([])
    }
  })

  it('when the bank has no such account is keyed, on the resolve panel and as the reason', async () => {
    const gateway = {
      banks: { resolve: () => Promise.reject(gatewayError('not_found')) },
    } as unknown as PayoutsGateway
    const result = await nameEnquiry(gateway, 1_000).resolve('058', '0123456789')
    expect(result.kind).toBe('no_account')
    if (result.kind !== 'no_account') return
    expect(result.say).toEqual({
      key: 'payouts.review.noAccount',
      params: { account: '0123456789' },
    })
    expect(result.message).toBe(english(result.say!))
    const reason = judgeName({ accountName: 'Ada Obi', accountNumber: '0123456789' }, result).hold!
    const view = toView({ ...itemFixture('needs_review'), reviewReason: reason }, supervisor)
    expect(view.reviewReasonSay).toEqual(result.say)
    const french = sayIn(ERROR_WORDS.fr, view.reviewReasonSay!, 'fr-CI')!
    expect(french).toContain('0123456789')
    expect(englishIn(french)).toEqual([])
  })

  it('keys the gateway’s last answer inside it too', () => {
    expect(reviewReasonSaid(reasons[0]!)).toEqual({
      key: 'payouts.review.unknown',
      params: { latest: problemSaid(latest) },
    })
  })

  it('keeps an older stored reason as it was', () => {
    const view = toView(
      { ...itemFixture('needs_review'), reviewReason: 'Held by an older till.' },
      supervisor,
    )
    expect(view.reviewReasonSay).toBeUndefined()
    expect(view.stateMeaning).toBe('Held by an older till.')
  })
})
