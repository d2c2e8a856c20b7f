// Settings → Shop's watch facts in words (renderer/screens/Settings/ShopWatchCard.tsx): with no
// till watching the relay line says so plainly instead of "not heard", and the request rate is
// the whole shop's against its budget, in English and in French.
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import type { ShopStatusView } from '../../../common/ipc/shop'
import { applyLanguage, i18n } from '../../../renderer/i18n'
import { ShopWatchFacts } from '../../../renderer/screens/Settings/ShopWatchCard'

type Watch = NonNullable<ShopStatusView['watch']>
const watch = (over: Partial<Watch>): Watch => ({
  tillName: 'Bakery',
  thisTill: false,
  requestsPerMin: 52,
  budgetPerMin: 90,
  relayHeardAt: null,
  ...over,
})

const words = (w: Watch | null, relayRecent = false) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ShopWatchFacts watch={w} relayRecent={relayRecent} />
    </I18nextProvider>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')

afterEach(() => applyLanguage('en'))

describe("Settings → Shop's watch", () => {
  it('says plainly that no till is watching, in the relay line too', () => {
    const none = words(watch({ tillName: null, relayHeardAt: '2026-11-27T10:00:00.000Z' }), true)
    expect(none).toContain('No till is watching for the shop')
    expect(none).toContain('No till is watching, so a webhook wakes no one')
    expect(none).not.toMatch(/not heard|heard from at/i)
    // The shop's rate is still known: each till says its own.
    expect(none).toContain('52 gateway requests from all tills (budget 90)')
    applyLanguage('fr')
    const fr = words(watch({ tillName: null }))
    expect(fr).toContain('Aucune caisse ne surveille : un webhook ne réveille personne')
    expect(fr).toContain('52 requêtes à la passerelle, toutes caisses (budget 90)')
    expect(fr).not.toContain('Pas de nouvelles')
  })

  it("shows the whole shop's rate against its budget, and says when it is over", () => {
    expect(words(watch({ thisTill: true }))).toContain('Bakery (this till)')
    expect(words(watch({ requestsPerMin: 1 }))).toContain(
      '1 gateway request from all tills (budget 90)',
    )
    expect(words(watch({ requestsPerMin: 120 }))).toContain(
      '120 gateway requests from all tills: over the budget of 90',
    )
    // With a watcher, the relay line says whether the relay is heard, as before.
    expect(words(watch({}))).toContain('Not heard from (optional')
  })
})
