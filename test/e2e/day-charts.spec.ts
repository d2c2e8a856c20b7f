// The day's charts (Overview, Shift and Shop → Today) on a till in shop mode with a day in it: a
// charge paid by transfer and a checkout payment. In English and French, light and dark, at
// 1024x768 and 1280x800: the charts are drawn (chart.js loaded when shown), the same figures
// are in the table for screen readers, nothing is cut off, and axe finds nothing serious.
// Screenshots go to test-results/day-charts/ for a person to look at.
import { expect, test, type Page } from '@playwright/test'
import {
  findPostgresBin,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/postgres'
import { goTo, must, paidPayment } from './gateway-support'
import { layoutProblems } from './layout'
import {
  completeFirstRun,
  seriousA11yViolations,
  startOwnPreview,
  type OwnPreview,
  type PageGlobals,
} from './support'

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
  en: { xReport: 'X-report', today: 'Today', title: 'Today in pictures', transfer: 'Transfers' },
  fr: {
    xReport: 'Rapport X',
    today: 'Aujourd’hui',
    title: 'La journée en images',
    transfer: 'Virements',
  },
} as const

let server: ThrowawayPostgres
let own: OwnPreview
let page: Page

async function invoke<T>(channel: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ([c, i]) => {
      const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
        c as never,
        i as never,
      )
      if (!envelope.ok) throw new Error(envelope.error.message)
      return envelope.value as unknown
    },
    [channel, input] as const,
  ) as Promise<T>
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  server = await startThrowawayPostgres()
  own = await startOwnPreview()
  page = await (await browser.newContext({ baseURL: own.origin })).newPage()
  await page.goto(own.url)
  await completeFirstRun(page, 'Front counter')
  await invoke('shop.create', {
    server: { host: server.host, port: server.port, database: 'postgres', ca: server.ca },
    ownerUser: server.superuser,
    ownerPassword: server.superPassword,
    shopName: 'Corner Shop',
  })
  await invoke('shifts.open', {})
  const account = await invoke<{ accountReference: string }>('customer.create', {
    name: 'Adaeze Okafor-Nwankwo',
    email: `day.charts.${Date.now()}@example.com`,
    bvn: `2${String(Date.now() % 1e10).padStart(10, '0')}`,
  })
  const charge = await invoke<{ id: string }>('charge.open', {
    accountReference: account.accountReference,
    amount: '2500.00',
  })
  await invoke('charge.watch', { chargeId: charge.id, waiting: true })
  await invoke('demo.simulateTransfer', {
    accountReference: account.accountReference,
    amount: '2500.00',
  })
  await expect
    .poll(
      async () => (await invoke<{ state: string }>('charge.get', { chargeId: charge.id })).state,
    )
    .not.toBe('open')
  await paidPayment(page, '1200', `day.charts.${Date.now()}@example.com`)
})

test.afterAll(async () => {
  if (page) {
    await must(page, 'appearance.set', { language: 'en', theme: 'system' }).catch(() => undefined)
    await page.context().close()
  }
  await own?.close()
  server?.destroy()
})

/** The charts in `scope` are drawn, and the table says the day's figures. */
async function chartsShown(words: (typeof WORDS)['en' | 'fr']): Promise<void> {
  const charts = page.getByTestId('day-charts-NGN')
  await expect(charts.locator('canvas')).toHaveCount(3)
  await expect(charts.locator('figcaption').first()).toContainText(
    words.transfer === 'Virements' ? 'Reçu par heure' : 'Received by hour',
  )
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

        await goTo(page, '#/overview')
        await expect(page.getByRole('heading', { name: words.title })).toBeVisible()
        await chartsShown(words)
        await page.getByTestId('day-charts-NGN').scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${SHOTS}/${at}-overview.png` })
        problems.push(...(await layoutProblems(page, CHARTS)).map((p) => `overview ${at}: ${p}`))
        problems.push(...(await seriousA11yViolations(page)).map((p) => `overview ${at}: ${p}`))

        await goTo(page, '#/shift')
        await page.getByRole('button', { name: words.xReport, exact: true }).click()
        await chartsShown(words)
        await page.getByTestId('day-charts-NGN').scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${SHOTS}/${at}-shift.png` })
        problems.push(...(await layoutProblems(page, CHARTS)).map((p) => `shift ${at}: ${p}`))
        problems.push(...(await seriousA11yViolations(page)).map((p) => `shift ${at}: ${p}`))

        await goTo(page, '#/shop')
        await page.getByRole('tab', { name: words.today }).click()
        await chartsShown(words)
        await page.getByTestId('day-charts-NGN').scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${SHOTS}/${at}-shop-today.png` })
        problems.push(...(await layoutProblems(page, CHARTS)).map((p) => `shop ${at}: ${p}`))
        problems.push(...(await seriousA11yViolations(page)).map((p) => `shop ${at}: ${p}`))
      }
      expect(problems).toEqual([])
    })
  }
}
