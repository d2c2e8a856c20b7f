// The instructions screen's words about the shop's claims (renderer/screens/Instructions/
// ShopClaimNotice.tsx), drawn in English and French: where the customer's money went, the risk
// of a double claim while out of step, and the alarm after a settlement.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChargeView } from '../../../common/ipc/collections'
import type { Minor } from '../../../common/money'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { ShopClaimNotice } from '../../../renderer/screens/Instructions/ShopClaimNotice'

const money = { reference: 'TRF-9', amount: 300_000 as Minor, currency: 'NGN' }
const charge = (shop: ChargeView['shop']) =>
  ({ id: 'ch_1', currency: 'NGN', shop }) as unknown as ChargeView
const draw = (shop: ChargeView['shop']) =>
  renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(ShopClaimNotice, { charge: charge(shop) }),
    ),
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')

afterEach(() => applyLanguage('en'))

describe('the shop’s claims on the instructions screen', () => {
  const elsewhere = [{ ...money, tillName: 'Bakery', createdAt: '2026-03-01T10:04:00.000Z' }]

  it('says where the money went, in words, and never Paid', () => {
    const text = draw({ elsewhere, atRisk: false, disowned: [] })
    expect(text).toMatch(/This customer's money went to another till's sale/)
    expect(text).toMatch(/pays the sale open on Bakery, not this one/)
    expect(text).toMatch(/TRF-9/)
    expect(text).not.toMatch(/\bPaid\b/)
  })

  it('warns of a double claim while out of step, and raises the alarm after settling', () => {
    expect(draw({ elsewhere: [], atRisk: true, disowned: [] })).toMatch(
      /not in step with the shop.*counted on both/,
    )
    expect(draw({ elsewhere: [], atRisk: false, disowned: elsewhere })).toMatch(
      /Goods may have left twice.*pays the sale on Bakery.*Check with Bakery/,
    )
    expect(draw(undefined)).toBe('')
  })

  it('speaks French', () => {
    applyLanguage('fr')
    const text = draw({ elsewhere, atRisk: true, disowned: [] })
    expect(text).toMatch(/L’argent de ce client est allé à la vente d’une autre caisse/)
    expect(text).toMatch(/paie la vente ouverte sur Bakery/)
    expect(text).toMatch(/pas synchronisée avec la boutique/)
  })
})
