// Screens drawn in French: the Collect amount step and the first-run welcome render their words
// from the French catalogue, with French formats, and back in English when switched back.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
// FirstRun's navigation store reads the window's address when it loads; this is all of the
// window that rendering to a string needs.
vi.hoisted(() => {
  Object.assign(globalThis, { window: { location: { hash: '' } } })
})
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { AmountStep, readAmount } from '../../../renderer/screens/Collect/AmountStep'
import { FirstRun } from '../../../renderer/screens/FirstRun'

const amountStep = (text: string) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(AmountStep, {
        text,
        sale: '',
        serverError: null,
        onText: () => undefined,
        onSale: () => undefined,
        onNext: () => undefined,
      }),
    ),
  )

/** Visible words only: tags out, entities and spaces as a person reads them. */
const words = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')

afterEach(() => applyLanguage('en'))

describe('screens in French', () => {
  it('the Collect amount step says everything in French, with a French amount', () => {
    applyLanguage('fr')
    const shown = words(amountStep('12500.5'))
    expect(shown).toContain('Montant dû')
    expect(shown).toContain('Tapez le montant ou touchez-le sur le pavé, puis Entrée.')
    expect(shown).toContain('Référence de vente (facultatif)')
    expect(shown).toContain('Suivant : client')
    expect(shown).toContain('Effacer')
    expect(shown).toContain('12 500,50 NGN')
    expect(shown).not.toMatch(/Amount due|Next: customer|Sale reference/)
    expect(amountStep('')).toContain('aria-label="Pavé numérique"')
  })

  it('an amount refused by common/money is explained in the till’s language', () => {
    applyLanguage('fr')
    expect(readAmount('1a2')).toEqual({
      error: '« 1a2 » n’est pas un montant. Tapez des chiffres, par exemple 12500.50.',
    })
    expect(readAmount('0')).toEqual({ error: 'Saisissez un montant supérieur à zéro.' })
    applyLanguage('en')
    // English keeps common/money's own sentence, built from what was typed.
    expect(readAmount('1a2')).toEqual({
      error: '"1a2" is not an amount. Use digits, like 12500.50.',
    })
  })

  it('the same step in English keeps the words the e2e tests and cashiers know', () => {
    applyLanguage('en')
    const shown = words(amountStep('12500.5'))
    expect(shown).toContain('Amount due')
    expect(shown).toContain('Next: customer')
    expect(shown).toContain('₦12,500.50')
  })

  it('first run welcomes the shop in French, markup kept as elements, not text', () => {
    applyLanguage('fr')
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(FirstRun)),
    )
    const shown = words(html)
    expect(shown).toContain('Bienvenue dans Tilldesk')
    expect(shown).toContain('Nom de la caisse')
    expect(shown).toContain('Continuer')
    // The shop can choose its language before anything else, each named in its own words.
    expect(shown).toContain('Langue')
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="fr"/)
    expect(html).toContain('<span lang="en">English</span>')
    expect(html).toContain('<span lang="fr">Français</span>')
    // The catalogue's <strong> becomes an element; nothing of it shows as text.
    expect(html).toContain('<strong>Démo</strong>')
    expect(html).not.toContain('&lt;strong&gt;')
  })
})
