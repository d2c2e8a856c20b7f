// The day's charts (Overview, Shift and Shop → Today) on a till in shop mode with a day in it: a
// charge paid by transfer and a checkout payment. In English and French, light and dark, at
// 1024x768 and 1280x800: the charts are drawn (chart.js loaded when shown), the same figures
// are in the table for screen readers, nothing is cut off, and axe finds nothing serious.
// Screenshots go to test-results/day-charts/ for a person to look at.
import { expect, test, type Page } from '@playwright/test'
import { findPostgresBin } from '../support/postgres'
import { goTo, must, paidPayment } from './gateway-support'
import { layoutProblems } from './layout'
import { paidCharge, startShopTill, type ShopTill } from './shop-till'
import { seriousA11yViolations } from './support'

const found = findPostgresBin()
test.skip(!('bin' in found) && !process.env.CI, 'bin' in found ? '' : found.reason)
test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/day-charts'
// The layout check looks at the charts (each screen's own spec checks the rest of it). On the
// Shift screen a whole-page check reported the X-report's tables as lying under the charts,
// while the screenshots taken just before and just after the check show them apart.
const CHARTS = '[data-testid="day-charts-NGN"]'
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const
const WORDS = {
  en: {
    xReport: 'X-report',
    today: 'Today',
    title: 'Today in pictures',
    transfer: 'Transfers',
    byHour: 'Received by hour',
  },
  fr: {
    xReport: 'Rapport X',
    today: 'Aujourd’hui',
    title: 'La journée en images',
    transfer: 'Virements',
    byHour: 'Reçu par heure',
  },
} as const

let till: ShopTill
let page: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  till = await startShopTill(browser, 'Front counter')
  page = till.page
  await till.invoke('shifts.open', {})
  await paidCharge(till, '2500.00', 'day.charts')
  await paidPayment(page, '1200', `day.charts.${Date.now()}@example.com`)
})

test.afterAll(async () => {
  if (page)
    await must(page, 'appearance.set', { language: 'en', theme: 'system' }).catch(() => undefined)
  await till?.close()
})

/** The charts are drawn, and the table says the day's figures. */
async function chartsShown(words: (typeof WORDS)['en' | 'fr']): Promise<void> {
  const charts = page.getByTestId('day-charts-NGN')
  await expect(charts.locator('canvas')).toHaveCount(3)
  await expect(charts.locator('figcaption').first()).toContainText(words.byHour)
  const table = page.getByTestId('day-table-NGN')
  await expect(table.locator('thead')).toContainText(words.transfer)
  await expect(table.locator('tfoot')).toContainText(/2[ ,.\u202f\u00a0]?500[.,]00/)
  // Something was painted: a canvas that is not one colour throughout.
  const painted = await charts
    .locator('canvas')
    .first()
    .evaluate((canvas) => {
      const c = canvas as unknown as {
        width: number
        height: number
        getContext(kind: '2d'): { getImageData(...a: number[]): { data: ArrayLike<number> } }
      }
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data
      const colours = new Set<string>()
      for (let i = 0; i < data.length && colours.size < 3; i += 4 * 97)
        colours.add(`${data[i]},${data[i + 1]},${data[i + 2]},${data[i + 3]}`)
      return colours.size
    })
  expect(painted).toBeGreaterThan(1)
}

for (const language of ['en', 'fr'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`charts in ${language}, ${theme}: Overview, Shift and Shop → Today`, async () => {
      test.setTimeout(120_000)
      const words = WORDS[language]
      await must(page, 'appearance.set', { language, theme })
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      const problems: string[] = []
      for (const size of SIZES) {
        const at = `${language}-${theme}-${size.width}x${size.height}`
        await page.setViewportSize(size)

        for (const [name, hash, open] of [
          [
            'overview',
            '#/overview',
            () => expect(page.getByRole('heading', { name: words.title })).toBeVisible(),
          ],
          [
            'shift',
            '#/shift',
            () => page.getByRole('button', { name: words.xReport, exact: true }).click(),
          ],
          ['shop-today', '#/shop', () => page.getByRole('tab', { name: words.today }).click()],
        ] as const) {
          await goTo(page, hash)
          await open()
          await chartsShown(words)
          await page.getByTestId('day-charts-NGN').scrollIntoViewIfNeeded()
          await page.screenshot({ path: `${SHOTS}/${at}-${name}.png` })
          for (const problem of [
            ...(await layoutProblems(page, CHARTS)),
            ...(await seriousA11yViolations(page)),
          ])
            problems.push(`${name} ${at}: ${problem}`)
        }
      }
      expect(problems).toEqual([])
    })
  }
}
