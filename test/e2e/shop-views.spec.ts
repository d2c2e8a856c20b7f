// The Shop screen on a till in shop mode, against a real PostgreSQL: Today, the shop-wide
// Z-report (after a shift is closed) and the audit log at 1280×800 and 1024×768, with the
// status bar's shop line; then the server stops and the status bar says the till works alone.
// Screenshots go to test-results/shop-views/ for a person to look at.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { findPostgresBin, type ThrowawayPostgres } from '../support/postgres'
import { layoutProblems } from './layout'
import { paidCharge, startShopTill, type ShopTill } from './shop-till'
import { type PageGlobals } from './support'

const found = findPostgresBin()
test.skip(!('bin' in found) && !process.env.CI, 'bin' in found ? '' : found.reason)
test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/shop-views'
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const

let till: ShopTill
let server: ThrowawayPostgres
let page: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  till = await startShopTill(browser, 'Front counter')
  ;({ server, page } = till)
  // A day with something in it: a paid charge and a closed shift.
  const shift = await till.invoke<{ id: string }>('shifts.open', {})
  await paidCharge(till, '2500.00', 'shop.views')
  await till.invoke('shifts.close', { shiftId: shift.id })
})

test.afterAll(async () => {
  await till?.close()
})

/** Each answer of a facts list is on screen whole (a long label once pushed them off it). */
async function factsShown(facts: Locator): Promise<void> {
  for (const dd of await facts.locator('dd').all()) await expect(dd).toBeInViewport({ ratio: 1 })
}

async function showTab(name: string): Promise<void> {
  await page.getByRole('tab', { name }).click()
  await expect(page.locator('.spinner')).toHaveCount(0)
}

test('the Shop screen fits in each tab, and the status bar says the shop is in step', async () => {
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/shop'))
  await expect(page.getByTestId('status-shop')).toHaveText('Shop: in step')
  const problems: string[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    for (const [tab, name] of [
      ['Today', 'today'],
      ['Z-report', 'z'],
      ['Audit log', 'audit'],
    ] as const) {
      await showTab(tab)
      if (name === 'z') {
        await expect(page.getByTestId('shop-z')).toContainText('Front counter')
        await expect(page.getByTestId('shop-z')).toContainText('₦2,500.00')
      }
      if (name === 'audit') await expect(page.getByText('signed on this till')).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/${size.width}x${size.height}-${name}.png` })
      // The end of the tab, scrolled into view (the screen scrolls, the page does not).
      await page
        .locator('.shop .card')
        .last()
        .evaluate((el) => el.scrollIntoView(false))
      await page.screenshot({ path: `${SHOTS}/${size.width}x${size.height}-${name}-end.png` })
      for (const problem of await layoutProblems(page)) problems.push(`${tab}: ${problem}`)
    }
  }
  expect(problems).toEqual([])
})

test('Settings → Shop says which till watches the gateway for the shop, and fits', async () => {
  await page.evaluate(
    () => ((globalThis as unknown as PageGlobals).location.hash = '#/settings/shop'),
  )
  const watch = page.getByTestId('shop-watch')
  // The only till of the shop holds the watch lease within a second or two.
  await expect(watch).toContainText('Front counter (this till)', { timeout: 15_000 })
  // The whole shop's rate (every till's requests), against the shop's budget.
  await expect(watch).toContainText("Shop's requests, last minute")
  await expect(watch).toContainText(/\d+ gateway requests? from all tills \(budget 90\)/)
  await expect(watch).toContainText('Webhook relay')
  const problems: string[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    await watch.scrollIntoViewIfNeeded()
    await factsShown(watch)
    await page.screenshot({ path: `${SHOTS}/${size.width}x${size.height}-settings-shop.png` })
    for (const problem of await layoutProblems(page)) problems.push(problem)
  }
  // In French, at 1024×768.
  await till.invoke('appearance.set', { language: 'fr' })
  try {
    await expect(watch).toContainText('Front counter (cette caisse)')
    await expect(watch).toContainText(/\d+ requêtes? à la passerelle, toutes caisses/)
    await watch.scrollIntoViewIfNeeded()
    await factsShown(watch)
    await page.screenshot({ path: `${SHOTS}/1024x768-settings-shop-fr.png` })
    for (const problem of await layoutProblems(page)) problems.push(`fr: ${problem}`)
  } finally {
    await till.invoke('appearance.set', { language: 'en' })
  }
  expect(problems).toEqual([])
})

test('without the server, the status bar says in words that this till works alone', async () => {
  server.stop()
  try {
    await page.setViewportSize({ width: 1024, height: 768 })
    const line = page.getByTestId('status-shop')
    await expect(line).toHaveText('Shop server not reachable — this till works alone', {
      timeout: 30_000,
    })
    await page.screenshot({ path: `${SHOTS}/1024x768-offline.png` })
    expect(await layoutProblems(page, '.statusbar')).toEqual([])
    // No till hears the shop's watch now: Settings → Shop says so plainly, relay line too.
    await page.evaluate(
      () => ((globalThis as unknown as PageGlobals).location.hash = '#/settings/shop'),
    )
    const watch = page.getByTestId('shop-watch')
    await expect(watch).toContainText('No till is watching for the shop', { timeout: 15_000 })
    await expect(watch).toContainText('No till is watching, so a webhook wakes no one')
    await watch.scrollIntoViewIfNeeded()
    await factsShown(watch)
    await page.screenshot({ path: `${SHOTS}/1024x768-settings-shop-no-watcher.png` })
    await till.invoke('appearance.set', { language: 'fr' })
    try {
      await expect(watch).toContainText('Aucune caisse ne surveille : un webhook')
      await watch.scrollIntoViewIfNeeded()
      await factsShown(watch)
      await page.screenshot({ path: `${SHOTS}/1024x768-settings-shop-no-watcher-fr.png` })
      expect(await layoutProblems(page)).toEqual([])
    } finally {
      await till.invoke('appearance.set', { language: 'en' })
    }
  } finally {
    server.restart()
  }
})
