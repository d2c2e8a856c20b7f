// The words of an uncertain write's outcome (OutcomeReview, for refunds, payments, debits and
// payouts): why its fate is not known and why the signed-in person may not decide it come from
// main keyed, so a French till says them in French, with no word of the English catalogue;
// the gateway's own answer stays as it wrote it.
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { decisionOutcomeView } from '../../../main/exactly-once/decision'
import { markedSaid, noticeSay, unconfirmedNotice } from '../../../main/exactly-once/outcome-view'
import { reviewOf, type Uncertainty } from '../../../main/exactly-once/submit'
import { OutcomeReview, type OutcomeEvidence } from '../../../renderer/components'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { saySaid } from '../../../renderer/i18n/errors'
import { meaningOf } from '../../../renderer/screens/Payouts/words'
import { englishIn } from '../../support/english-words'

const ISSUER = { id: 'u-1', name: 'Ada Supervisor' }
const GATEWAY_SAID = 'HTTP 504'

const uncertainty: Uncertainty = {
  since: '2026-11-24T13:00:00.000Z',
  lastUnknownAt: null,
  resendRefused: false,
  existsSaid: false,
  steps: [{ at: '2026-11-24T13:00:00.000Z', call: 'send', said: GATEWAY_SAID }],
  review: null,
}

const refundOutcome = (u = uncertainty) =>
  decisionOutcomeView(
    { uncertainty: u, createdAt: u.since, startedById: ISSUER.id, open: true },
    ISSUER,
    { noun: 'refund', made: 'made' },
  )!

const draw = (
  outcome: OutcomeEvidence,
  blocked: { text: string | null | undefined; say?: Said | undefined },
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <OutcomeReview
        outcome={outcome}
        open
        canDecide={false}
        blocked={blocked.text}
        blockedSay={blocked.say}
        words={{ made: 'effectué', notMade: 'non effectué', thing: 'remboursement', recorded: '' }}
        title={() => ''}
        reasonMax={200}
        label="Remboursement"
        onDecide={async () => undefined}
      />
    </I18nextProvider>,
  )

/** The paragraphs main's words fill: the why and the block. */
const mainWords = (html: string) =>
  [...html.matchAll(/<p class="(?:outcome-review__why|muted small)">([^<]*)<\/p>/g)]
    .map((m) => m[1]!)
    .join(' ')
    .replace(/&#x27;/g, "'")

afterEach(() => applyLanguage('en'))

describe("an unknown outcome's words", () => {
  it('come from main keyed, and say the same English as main', () => {
    const view = refundOutcome()
    expect(view.whySay).toBeDefined()
    expect(view.decideBlockedSay).toEqual({ key: 'decision.makerBlock.refund' })
    const shown = mainWords(draw(view, { text: view.decideBlocked, say: view.decideBlockedSay }))
    expect(shown).toContain(view.why)
    expect(shown).toContain(view.decideBlocked)
    expect(view.why).toContain(`Latest: ${GATEWAY_SAID}`)
  })

  it('are French on a French till, the gateway’s answer kept as written', () => {
    const view = refundOutcome()
    applyLanguage('fr')
    const shown = mainWords(draw(view, { text: view.decideBlocked, say: view.decideBlockedSay }))
    expect(shown).toContain('ce remboursement')
    expect(shown).toContain(GATEWAY_SAID)
    expect(shown).toContain('un autre superviseur doit décider')
    expect(englishIn(shown)).toEqual([])
  })

  it('say the review reason in French once the window ran out', () => {
    const view = refundOutcome(reviewOf(uncertainty, 'refund'))
    expect(view.state).toBe('needs_review')
    expect(view.whySay?.key).toBe('outcome.review')
    applyLanguage('fr')
    const shown = mainWords(draw(view, { text: null }))
    expect(shown).toContain('dernière réponse : HTTP 504')
    expect(englishIn(shown)).toEqual([])
  })

  it('keep a review reason our words did not make as written', () => {
    const view = refundOutcome({ ...uncertainty, review: 'Someone else wrote this.' })
    expect(view.whySay).toBeUndefined()
    applyLanguage('fr')
    expect(saySaid(view.whySay, view.why)).toBe('Someone else wrote this.')
  })

  it("say a payout's why and block in French (the keys main/payouts/view.ts sends)", () => {
    const whySay: Said = {
      key: 'outcome.latest',
      params: { why: { key: 'doc.payout.meanings.unknown' }, latest: GATEWAY_SAID },
    }
    const payout: OutcomeEvidence = {
      why: 'English fallback',
      whySay,
      since: uncertainty.since,
      steps: [],
    }
    applyLanguage('fr')
    for (const say of [{ key: 'outcome.madePayout' }, { key: 'outcome.onlySupervisor' }]) {
      const shown = mainWords(draw(payout, { text: 'English fallback', say }))
      expect(shown).not.toContain('English fallback')
      expect(shown).toContain('Dernière réponse : HTTP 504')
      expect(shown).toContain('ce versement')
      expect(englishIn(shown)).toEqual([])
    }
    // Without a key (an older main), main's English is shown rather than nothing.
    const noKey = mainWords(draw({ ...payout, whySay: undefined }, { text: null }))
    expect(noKey).toContain('English fallback')
  })

  it('say the notice of an unconfirmed payment or debit in French, and only ours', () => {
    const review = reviewOf(uncertainty, 'debit')
    const entry = { notice: unconfirmedNotice(review, 'debit'), uncertainty: review }
    const keyed = noticeSay(entry, 'debit')
    expect(keyed.noticeSay?.key).toBe('outcome.noticeReview')
    applyLanguage('fr')
    const shown = saySaid(keyed.noticeSay, entry.notice)
    expect(shown).toContain('ce prélèvement')
    expect(englishIn(shown)).toEqual([])
    // A notice of other words (the gateway unreachable, still waiting) is shown as written.
    expect(noticeSay({ ...entry, notice: 'Still waiting.' }, 'debit')).toEqual({})
    expect(noticeSay({ notice: entry.notice, uncertainty: null }, 'payment')).toEqual({})
  })

  it('say a decision in French, with the name, reference and reason as typed', () => {
    const decided = decisionOutcomeView(
      {
        uncertainty,
        createdAt: uncertainty.since,
        startedById: ISSUER.id,
        open: false,
        resolution: {
          made: true,
          byId: 'u-2',
          byName: 'Bisi',
          at: '2026-11-24T14:00:00.000Z',
          reason: 'Seen on the dashboard',
          gatewayReference: 'RF_7',
        },
      },
      null,
      { noun: 'refund', made: 'made' },
    )!
    expect(decided.why).toBe(
      'Marked as made by Bisi (gateway reference RF_7): Seen on the dashboard',
    )
    applyLanguage('fr')
    const shown = saySaid(decided.whySay, decided.why)
    expect(shown).toBe(
      'Marqué comme effectué par Bisi (référence de la passerelle RF_7) : Seen on the dashboard',
    )
    const payout = meaningOf(
      {
        state: 'success',
        stateMeaning: 'Marked as paid by Bisi (gateway reference RF_7): x',
        stateMeaningSay: markedSaid(
          { made: true, byName: 'Bisi', gatewayReference: 'RF_7', reason: 'vu' },
          'paid',
        )!,
      },
      'online',
    )
    expect(payout).toBe('Marqué comme payé par Bisi (référence de la passerelle RF_7) : vu')
  })
})
