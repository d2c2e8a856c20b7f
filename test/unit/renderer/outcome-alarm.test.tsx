// The alarm of a decision the gateway overruled, as every money screen draws it (OutcomeReview):
// who decided what and when, that the till now follows the gateway, in English and in French
// from the catalogue (never main's English sentence), with "I have seen this" only while no
// supervisor has acknowledged it and only for one who may.
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { OutcomeReview, type OutcomeEvidence } from '../../../renderer/components'
import { applyLanguage, i18n } from '../../../renderer/i18n'

const MAIN_TEXT =
  'Payout TDP-1 was marked as not paid by Tunde, but the gateway now reports success.'

const outcome = (acknowledgedBy: string | null): OutcomeEvidence & { alarm: { text: string } } => ({
  why: 'Marked as not paid by Tunde Supervisor',
  since: '2026-11-24T13:00:00.000Z',
  steps: [],
  decided: {
    made: false,
    byName: 'Tunde Supervisor',
    at: '2026-11-24T13:10:00.000Z',
    reason: 'Not on the dashboard',
    gatewayReference: null,
  },
  alarm: { text: MAIN_TEXT, at: '2026-11-24T14:00:00.000Z', acknowledgedBy },
})

const draw = (
  evidence: OutcomeEvidence,
  words: { made: string; notMade: string; thing: string },
  onAcknowledge?: () => Promise<void>,
) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <OutcomeReview
        outcome={evidence}
        open={false}
        canDecide={false}
        words={{ ...words, recorded: 'go into the audit log' }}
        title={() => ''}
        reasonMax={200}
        label="Review"
        onDecide={async () => undefined}
        onAcknowledge={onAcknowledge}
      />
    </I18nextProvider>,
  )

/** Visible words only. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')

const EN = { made: 'paid', notMade: 'not paid', thing: 'transfer' }
const acknowledge = async () => undefined

afterEach(() => applyLanguage('en'))

describe('the alarm of an overruled decision', () => {
  it('says who decided what, that the till follows the gateway, and offers "I have seen this"', () => {
    const shown = words(draw(outcome(null), EN, acknowledge))
    expect(shown).toContain('The gateway overruled a decision')
    expect(shown).toMatch(
      /Tunde Supervisor marked this transfer as not paid at .*, but at .* the gateway reported otherwise/,
    )
    expect(shown).toContain('Tilldesk now follows the gateway')
    expect(shown).toContain('A supervisor must say they have seen this.')
    expect(shown).toContain('I have seen this')
    expect(shown).not.toContain(MAIN_TEXT)
  })

  it('has no button for someone who may not acknowledge it', () => {
    const shown = words(draw(outcome(null), EN))
    expect(shown).toContain('A supervisor must say they have seen this.')
    expect(shown).not.toContain('I have seen this')
  })

  it('says who saw it once acknowledged, with no button', () => {
    const shown = words(draw(outcome('Sade Supervisor'), EN, acknowledge))
    expect(shown).toContain('Seen by Sade Supervisor.')
    expect(shown).not.toContain('I have seen this')
    expect(shown).not.toContain('must say they have seen')
  })

  it('is all French on a French till', () => {
    applyLanguage('fr')
    const shown = words(
      draw(outcome(null), { made: 'payé', notMade: 'non payé', thing: 'virement' }, acknowledge),
    )
    expect(shown).toContain('La passerelle a contredit une décision')
    expect(shown).toMatch(
      /Tunde Supervisor a marqué ce virement non payé le .*, mais le .* la passerelle a indiqué le contraire/,
    )
    expect(shown).toContain('J’en ai pris connaissance')
    expect(shown).not.toMatch(/I have seen this|overruled|marked this|Tilldesk now/)
  })

  it('is not drawn when there is no alarm', () => {
    const { alarm: _alarm, ...quiet } = outcome(null)
    expect(words(draw(quiet, EN, acknowledge))).not.toMatch(/overruled|I have seen this/)
  })
})
