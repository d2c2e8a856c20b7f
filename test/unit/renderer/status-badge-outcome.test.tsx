// A list's status badge for an item whose outcome the till could not learn: an unknown debit
// read "Sending" (its status still `starting`) beside a notice saying it was not confirmed.
// The badge says the outcome, in the till's language, until a person decides it.
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { StatusBadge } from '../../../renderer/screens/Payments/parts'

const badge = (
  status: string,
  outcome: { state: 'unknown' | 'needs_review' | 'decided' } | null,
): string =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StatusBadge kind="debit" status={status} outcome={outcome} />
    </I18nextProvider>,
  ).replace(/<[^>]+>/g, '')

afterEach(() => applyLanguage('en'))

describe('a status badge and an unknown outcome', () => {
  it('says the outcome is unknown, not the step the item was at', () => {
    expect(badge('starting', { state: 'unknown' })).toBe('Outcome unknown')
    expect(badge('starting', { state: 'needs_review' })).toBe('Needs review')
    applyLanguage('fr')
    expect(badge('starting', { state: 'unknown' })).toBe('Résultat inconnu')
  })

  it('says the status once the outcome is decided, or when there is none', () => {
    expect(badge('starting', null)).toBe('Sending')
    expect(badge('not_paid', { state: 'decided' })).not.toBe('Outcome unknown')
  })
})
