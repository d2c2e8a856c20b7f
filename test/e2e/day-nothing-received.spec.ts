// A day with money gone out and none come in: the Overview's charts say in words that nothing
// was received (the two takings charts are not drawn) and draw only payouts against takings.
// A till of its own, so no other spec's takings are in its day: a payout drafted by the
// cashier, approved by the supervisor and paid by the Demo's bank, then the admin's Overview in
// English and in French, each checked for its sentence, axe in light and dark, the layout, and a
// screenshot at 1024x768 (test-results/screens/{en,fr}-day-nothing-received.png).
import { expect, test } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { catalogueOf } from '../support/english-words'
import { dataOnScreen, firstRunIn, lookAt, PEOPLE, switchTo } from './french-words'
import { approvePayout, goTo, must, payoutState, supplierPayout } from './gateway-support'
import { onOwnTill } from './support'

const { admin: ADMIN, supervisor: SUPERVISOR, cashier: CASHIER } = PEOPLE
/** An account the sandbox bank has: its payout is paid. */
const PAYEE = '0123456789'

test('a day with nothing received says so beside the payouts chart, in English and French', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  await onOwnTill(browser, async (page) => {
    await firstRunIn(page, 'en', PEOPLE.till, ADMIN)
    for (const person of [SUPERVISOR, CASHIER]) await must(page, 'users.create', person)

    await switchTo(page, 'en', CASHIER)
    await must(page, 'shifts.open', {})
    const payout = await supplierPayout(page, PAYEE, '2500', 'Shelf repair')
    await switchTo(page, 'en', SUPERVISOR)
    await approvePayout(page, payout, SUPERVISOR.pin)
    await expect
      .poll(() => payoutState(page, payout.reference), { timeout: 60_000 })
      .toBe('success')

    await switchTo(page, 'en', ADMIN)
    for (const language of ['en', 'fr'] as const) {
      const w = catalogueOf(language)
      await must(page, 'appearance.set', { language })
      await goTo(page, '#/settings')
      await goTo(page, '#/overview')
      const card = page.locator('.card').filter({ hasText: w.charts.title })
      // Transfers by hour and by way of paying have nothing to draw: each says so in words.
      await expect(card.getByText(w.charts.noTakings, { exact: true })).toHaveCount(2)
      // The payouts against takings are drawn, and the table says the payout.
      await expect(card.locator('canvas')).toHaveCount(1)
      await expect(page.getByTestId('day-table-NGN').locator('tfoot')).toContainText(
        /2[ ,.\u202f\u00a0]?500[.,]00/,
      )
      await card.scrollIntoViewIfNeeded()
      await lookAt(
        page,
        language,
        'overview: a day with nothing received',
        dataOnScreen(accountName(PAYEE)),
        'day-nothing-received',
      )
    }
  })
})
