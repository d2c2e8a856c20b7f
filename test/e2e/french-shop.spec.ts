// A shop of two tills in French (and in English, for the screenshots to compare): the French
// walk sees the shop only as a till working alone. Two previews of their own and one throwaway
// PostgreSQL; both tills set up in the language, the shop made on till 1 and joined by till 2.
// A cashier's payout waits on till 1; on till 2 the supervisor sees it among the payouts
// waiting on other tills, is refused a wrong PIN, and approves it; then the shop's Today,
// Z-report and audit log. On each screen: no word of the English catalogue (in French), no
// serious or critical axe violation in light and dark, and a screenshot at 1024x768
// (test-results/screens/fr-shop-… and en-shop-…).
import { expect, test, type Browser, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { catalogueOf } from '../support/english-words'
import { findPostgresBin, startThrowawayPostgres } from '../support/postgres'
import { dataOnScreen, firstRunIn, lookAt, PEOPLE, switchTo } from './french-words'
import { supplierPayout } from './gateway-support'
import { go, invoke } from './shop-support'
import { startOwnPreview, type OwnPreview } from './support'

const found = findPostgresBin()
test.skip(
  !('bin' in found),
  `PostgreSQL server programs are absent: ${'reason' in found ? found.reason : ''}`,
)

const { admin: ADMIN_1, supervisor: SUPERVISOR, cashier: CASHIER } = PEOPLE
const ADMIN_2 = { name: 'Ibrahima Diop', pin: '864202' }
const SHOP = 'Boutique du Plateau'
const TILLS = [PEOPLE.till, 'Arrière-boutique'] as const
const ACCOUNT = '3045678912'
const DATA = dataOnScreen(ADMIN_2.name, SHOP, TILLS[1], accountName(ACCOUNT))

async function openTill(till: OwnPreview, browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await page.goto(till.url)
  await expect(page.locator('.boot')).toHaveCount(0)
  return page
}

// French only: the English screens of these states are walked by the English suites
// (payouts, refunds, mandates, shop-two-tills); a second pass here cost CI two minutes.
for (const language of ['fr'] as const) {
  test(`a shop of two tills, in ${language === 'fr' ? 'French: no English word' : 'English'}`, async ({
    browser,
  }) => {
    test.setTimeout(300_000)
    const w = catalogueOf(language)
    const look = (page: Page, where: string, shot?: string) =>
      lookAt(page, language, where, DATA, shot && `shop-${shot}`)
    const server = await startThrowawayPostgres()
    const tills = [await startOwnPreview(), await startOwnPreview()]
    const pages: Page[] = []
    try {
      for (const till of tills) pages.push(await openTill(till, browser))
      const [page1, page2] = pages as [Page, Page]
      await firstRunIn(page1, language, TILLS[0], ADMIN_1)
      await firstRunIn(page2, language, TILLS[1], ADMIN_2)

      // The shop, made on till 1 and joined by till 2 with a one-time code.
      const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
      const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
      await invoke(page1, 'shop.create', { server: address, ...owner, shopName: SHOP })
      const { code } = await invoke<{ code: string }>(page1, 'shop.createCode', owner)
      await invoke(page2, 'shop.join', { server: address, code })
      await go(page2, '#/settings/shop')
      await expect(page2.getByText(SHOP).first()).toBeVisible({ timeout: 30_000 })
      await look(page2, 'settings/shop: till 2 in the shop', 'settings')

      // Staff made on till 1 reach till 2; a cashier's payout waits on till 1.
      for (const person of [SUPERVISOR, CASHIER]) await invoke(page1, 'users.create', person)
      await expect
        .poll(async () => (await invoke<Array<{ name: string }>>(page2, 'users.list')).length, {
          timeout: 30_000,
        })
        .toBeGreaterThanOrEqual(3)
      await switchTo(page1, language, CASHIER)
      const drafted = await supplierPayout(page1, ACCOUNT, '3500', 'Fournitures')
      await go(page1, '#/payouts')
      await expect(
        page1.getByTestId('payout-row').filter({ hasText: drafted.reference }),
      ).toBeVisible()
      await look(page1, 'payouts on till 1, in a shop', 'till-1-payouts')

      // On till 2, the supervisor decides it among the payouts waiting on other tills.
      await switchTo(page2, language, SUPERVISOR)
      await go(page2, '#/approvals')
      const section = page2.getByRole('region', { name: w.approvals.others.title })
      const item = section.getByTestId('other-till-item').first()
      await expect(item).toBeVisible({ timeout: 30_000 })
      await item.click()
      await expect(section.getByTestId('other-till-details')).toContainText(drafted.reference)
      await look(page2, 'approvals: a payout waiting on till 1', 'approvals')
      const pin = section.getByLabel(w.approvals.decision.pin)
      const approve = section.getByRole('button', {
        name: new RegExp(`^${w.approvals.decision.approve.split('{{')[0]}`),
      })
      await pin.fill('000000')
      await approve.click()
      await expect(section.getByRole('alert').first()).toBeVisible()
      await look(page2, 'approvals: a wrong PIN', 'approvals-wrong-pin')
      await pin.fill(SUPERVISOR.pin)
      await approve.click()
      await expect(section.getByRole('status').first()).toBeVisible()
      await look(page2, 'approvals: the approval sent to till 1', 'approvals-sent')

      // The shop's own screen, each tab, on till 2.
      await go(page2, '#/shop')
      for (const [id, tab] of Object.entries(w.shop.tabs)) {
        if (id === 'label') continue
        await page2.getByRole('tab', { name: tab }).click()
        await look(page2, `shop: ${tab}`, id)
      }
    } finally {
      for (const page of pages) await page.context().close()
      for (const till of tills) await till.close()
      server.destroy()
    }
  })
}
