// The amount under a money field is said in the till's language: a French till showed the
// refund's "₦5,000.00" under its field beside "Jusqu'à 20 000,00 NGN". The field itself keeps
// what common/money reads (amounts are typed the same way in every language).
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { Minor } from '../../../common/money'
import { MoneyInput } from '../../../renderer/components'
import { applyLanguage, i18n } from '../../../renderer/i18n'

const draw = (value: Minor) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MoneyInput label="Montant" value={value} onChange={() => undefined} />
    </I18nextProvider>,
  )

const preview = (html: string) => /<output[^>]*>([^<]*)<\/output>/.exec(html)?.[1] ?? ''

describe('a money field', () => {
  afterEach(() => applyLanguage('en'))

  it('shows the amount in French under the field on a French till', () => {
    applyLanguage('fr')
    const shown = preview(draw(500_000 as Minor))
    expect(shown).toMatch(/^5\s000,00\sNGN$/u)
  })

  it('shows it the English way on an English till', () => {
    applyLanguage('en')
    expect(preview(draw(500_000 as Minor))).toBe('₦5,000.00')
  })
})
