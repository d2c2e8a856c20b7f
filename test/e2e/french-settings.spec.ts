// Settings in French where main's words fill the screen: Settings → Connection after "Test
// connection" (each step's title, what was seen, what to do, each capability of the key),
// Settings → Updates and About, on a French till at 1024x768. Each fails on any word of the
// English catalogue, runs axe in both themes and the layout check, and saves its screenshot
// under test-results/screens/ for a person to look at. A till of its own, set up in French from
// its first screen: the shared preview's language is left to the English suites.
import { expect, test, type Page } from '@playwright/test'
import { catalogueOf } from '../support/english-words'
import { dataOnScreen, firstRunIn, lookAt, PEOPLE } from './french-words'
import { goTo, must } from './gateway-support'
import { startOwnPreview, type OwnPreview } from './support'

test.describe.configure({ mode: 'serial' })

const w = catalogueOf('fr')
// The runtime's names are data, like the people's; so are the gateway's codes of a key's
// capabilities, shown as codes beside their names (virtual_accounts, banks, refunds…).
const CAPABILITY_CODES = ['banks', 'payments', 'transactions', 'refunds', 'sandbox']
const DATA = dataOnScreen('Electron', 'Chromium', 'Node.js', 'V8', ...CAPABILITY_CODES)
let own: OwnPreview
let page: Page

test.beforeAll(async ({ browser }) => {
  own = await startOwnPreview()
  // Pages of an explicit context: axe needs one.
  page = await (await browser.newContext({ baseURL: own.origin })).newPage()
  await page.setViewportSize({ width: 1024, height: 768 })
  await page.goto(own.url)
  await firstRunIn(page, 'fr', PEOPLE.till, PEOPLE.admin)
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
})
test.afterAll(async () => {
  await page?.context().close()
  await own?.close()
})

test('Settings → Connection after “Test connection”, in French', async () => {
  await goTo(page, '#/settings/connection')
  await page.getByRole('button', { name: w.settings.connection.test }).click()
  await expect(page.getByTestId('check-clock')).toBeVisible()
  await expect(page.getByTestId('check-reachable')).toContainText(
    w.errors.connection.title.reachable,
  )
  await expect(page.getByTestId('capability-disbursements')).toContainText(
    w.errors.connection.capability.disbursements,
  )
  // The steps in view for the screenshot: main's words are what this looks at.
  await page.getByTestId('check-configuration').scrollIntoViewIfNeeded()
  await lookAt(page, 'fr', 'Settings → Connection, tested', DATA, 'settings-connection-tested')
})

test('Settings → Updates, in French', async () => {
  await goTo(page, '#/settings/updates')
  await expect(page.locator('.settings__body')).toBeVisible()
  await page.getByRole('heading', { name: w.settings.updates.title }).scrollIntoViewIfNeeded()
  // The card's buttons stay inside it: "Suspendre les mises à jour" ran past its right edge at
  // 1024x768, the actions kept on one line whatever their length.
  const card = page.locator('.card').filter({
    has: page.getByRole('heading', { name: w.settings.updates.title }),
  })
  const cardBox = (await card.boundingBox())!
  for (const name of [w.settings.updates.check, w.settings.updates.pause]) {
    const box = (await card.getByRole('button', { name }).boundingBox())!
    expect(box.x + box.width, name).toBeLessThanOrEqual(cardBox.x + cardBox.width)
  }
  await lookAt(page, 'fr', 'Settings → Updates', DATA, 'settings-updates')
})

test('About, in French', async () => {
  await goTo(page, '#/about')
  await expect(page.locator('.about__facts')).toBeVisible()
  // The bundled packages' names ("light-my-request", "@fastify/error") are data too.
  const { licences } = await must(page, 'app.about', undefined)
  await lookAt(page, 'fr', 'About', [...DATA, ...licences.map((entry) => entry.name)], 'about')
})
