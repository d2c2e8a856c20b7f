// Reconcile, as a supervisor would use it: money arrives in a customer's account with no sale
// open, and the day's check finds it, in English and in French, at 1024x768 and 1280x800, with
// axe clean in the light and dark themes. The day is saved as CSV and as a PDF, and the PDF's
// text is read back (pdftotext) as a bookkeeper's program would. Screenshots go to
// test-results/reconcile/ for a person to look at. Language and theme go back afterwards: the
// other suites read the English words.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { goTo, must, shooter } from './gateway-support'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn, uniqueBvn } from './support'

test.describe.configure({ mode: 'serial' })

const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const
const WORDS = {
  en: {
    run: 'Check this day',
    kind: 'Unknown to Tilldesk',
    csv: 'Save as CSV',
    pdf: 'Save as PDF',
    title: 'Reconciliation against the gateway',
  },
  fr: {
    run: 'Vérifier ce jour',
    kind: 'Inconnu de Tilldesk',
    csv: 'Enregistrer en CSV',
    pdf: 'Enregistrer en PDF',
    title: 'Rapprochement avec la passerelle',
  },
} as const
const shot = shooter('reconcile')
/** The DOM shape the width check reads (this tsconfig has no DOM types). */
interface Box {
  scrollWidth: number
  clientWidth: number
}
let page: Page
let stray = ''

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await signIn(page, SUPERVISOR)
  // Money into a customer's account with no sale open: no till ever sees it.
  const tag = Date.now().toString(36)
  const customer = await must(page, 'customer.create', {
    name: 'Stray Sender',
    email: `stray-${tag}@example.com`,
    bvn: uniqueBvn(),
  })
  stray = (
    await must(page, 'demo.simulateTransfer', {
      accountReference: customer.accountReference,
      amount: '4321.00',
    })
  ).reference
})
test.afterAll(async () => {
  await must(page, 'appearance.set', { language: 'en', theme: 'system' })
  await page.context().close()
})

for (const language of ['en', 'fr'] as const) {
  const w = WORDS[language]
  for (const size of SIZES) {
    const at = `${size.width}x${size.height}`
    test(`Reconcile in ${language} at ${at}: the stray transfer is found, in words`, async () => {
      await must(page, 'appearance.set', { language, theme: 'light' })
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await page.setViewportSize(size)
      await goTo(page, '#/reconcile')
      await page.getByRole('button', { name: w.run }).click()
      const item = page
        .getByTestId('reconcile-differences')
        .locator('li')
        .filter({ hasText: stray })
      await expect(item).toHaveCount(1, { timeout: 30_000 })
      await expect(item).toContainText(w.kind)
      await expect(item).toContainText(language === 'en' ? '₦4,321.00' : '4 321,00')
      await expect(page.getByTestId('reconcile-status')).toHaveAttribute(
        'data-status',
        'differences',
      )
      expect(await layoutProblems(page), `reconcile ${language} ${at}`).toEqual([])
      // Nothing wider than the screen (French headings are long): no sideways scrolling.
      const wide = await page
        .getByTestId('reconcile')
        .evaluate((e) => (e as unknown as Box).scrollWidth - (e as unknown as Box).clientWidth)
      expect(wide, `sideways overflow in ${language} at ${at}`).toBeLessThanOrEqual(1)
      await shot(page, `reconcile-${language}-light-${at}`)
      // The app scrolls inside its frame: the differences get a picture of their own.
      await item.scrollIntoViewIfNeeded()
      await shot(page, `reconcile-${language}-light-${at}-differences`)
      if (size.width === 1280) {
        expect(await seriousA11yViolations(page), `${language} light`).toEqual([])
        await must(page, 'appearance.set', { theme: 'dark' })
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
        expect(await seriousA11yViolations(page), `${language} dark`).toEqual([])
        await shot(page, `reconcile-${language}-dark-${at}`)
      }
    })
  }

  test(`Reconcile in ${language}: saved as CSV and as a PDF a bookkeeper can file`, async () => {
    const csvDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: w.csv }).click()
    const csvFile = await csvDownload
    expect(csvFile.suggestedFilename()).toMatch(
      new RegExp(`^tilldesk-reconciliation-\\d{4}-\\d{2}-\\d{2}-${language}\\.csv$`),
    )
    const csv = readFileSync((await csvFile.path()) ?? '', 'utf8')
    expect(csv).toContain(stray)
    expect(csv).toContain(w.kind)

    const pdfDownload = page.waitForEvent('download')
    await page.getByRole('button', { name: w.pdf }).click()
    const pdfFile = await pdfDownload
    expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/)
    const text = execFileSync('pdftotext', ['-layout', (await pdfFile.path()) ?? '', '-'], {
      encoding: 'utf8',
    })
    expect(text).toContain(w.title)
    expect(text).toContain(stray)
    expect(text).toContain(w.kind)
  })
}

const LINE = {
  en: { status: /\d+ differences?/, open: /Open Reconcile for/, day: 'Day' },
  fr: { status: /\d+ écarts?/, open: /Ouvrir Rapprochement pour le/, day: 'Jour' },
} as const

test('the Z-report says its period did not reconcile, and opens Reconcile on its day', async () => {
  await must(page, 'appearance.set', { language: 'en', theme: 'light' })
  await page.setViewportSize(SIZES[1])
  // A shift with money in its period that no till saw (sent with no sale open), closed on
  // the Shift screen: its Z-report's reconciliation finds it.
  const status = await must(page, 'shifts.status', undefined)
  if (!status.current) await must(page, 'shifts.open', {})
  const customer = await must(page, 'customer.create', {
    name: 'Stray Sender Two',
    email: `stray2-${Date.now().toString(36)}@example.com`,
    bvn: uniqueBvn(),
  })
  await must(page, 'demo.simulateTransfer', {
    accountReference: customer.accountReference,
    amount: '1234.00',
  })
  await goTo(page, '#/shift')
  await page.getByRole('button', { name: 'Close shift…' }).click()
  await page.getByRole('button', { name: 'Close and seal the Z-report' }).click()
  const line = page.getByTestId('shift-reconciliation')
  await expect(line).toBeVisible({ timeout: 30_000 })
  for (const language of ['en', 'fr'] as const) {
    await must(page, 'appearance.set', { language, theme: 'light' })
    await expect(page.locator('html')).toHaveAttribute('lang', language)
    await expect(line.locator('.badge')).toHaveText(LINE[language].status)
    await expect(line.getByRole('link', { name: LINE[language].open })).toBeVisible()
    for (const size of SIZES) {
      const at = `${size.width}x${size.height}`
      await page.setViewportSize(size)
      expect(await layoutProblems(page), `shift line ${language} ${at}`).toEqual([])
      await line.scrollIntoViewIfNeeded()
      await shot(page, `shift-z-reconciliation-${language}-light-${at}`)
    }
    expect(await seriousA11yViolations(page), `shift line ${language} light`).toEqual([])
    await must(page, 'appearance.set', { theme: 'dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    expect(await seriousA11yViolations(page), `shift line ${language} dark`).toEqual([])
  }
  await must(page, 'appearance.set', { language: 'en', theme: 'light' })
  const link = line.getByRole('link', { name: LINE.en.open })
  const day = ((await link.getAttribute('href')) ?? '').replace('#/reconcile/', '')
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await link.click()
  // The field shows the day as the till writes dates (27/11/2026).
  const [y, m, d] = day.split('-')
  await expect(page.getByLabel(LINE.en.day)).toHaveValue(`${d}/${m}/${y}`)
})
