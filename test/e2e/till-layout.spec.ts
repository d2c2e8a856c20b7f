// Every main screen at every till size Tilldesk supports, in English and French, light and
// dark: no text covered, cut off or past its button, no column past its table, and no scroll
// area inside another. Screenshots go to test-results/till-layout/ for a person to look
// at (1024×768 is the one that hurts first), at the two sizes people look at; the layout
// check runs at every size.
import { expect, test, type Page } from '@playwright/test'
import { must, supplierPayout } from './gateway-support'
import { layoutProblems, TILL_SIZES } from './layout'
import { signIn, uniqueBvn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const SHOTS = 'test-results/till-layout'
/** The sizes whose screenshots a person looks at (1024×768 and 1280×800). */
const LOOKED_AT: ReadonlyArray<{ width: number }> = TILL_SIZES.slice(0, 2)
const shot = (size: { width: number }, path: string) =>
  LOOKED_AT.some((looked) => looked.width === size.width)
    ? page.screenshot({ path: `${SHOTS}/${path}.png` })
    : undefined
const SCREENS = [
  { hash: '#/collect', heading: 'Collect' },
  { hash: '#/history', heading: 'Transfers' },
  { hash: '#/shift', heading: 'Shift' },
  { hash: '#/payouts', heading: 'Payouts' },
  { hash: '#/approvals', heading: 'Approvals' },
  { hash: '#/payments', heading: 'Payments' },
  { hash: '#/mandates', heading: 'Mandates' },
  { hash: '#/refunds', heading: 'Refunds' },
  { hash: '#/reports', heading: 'Reports' },
  { hash: '#/settings/environment', heading: 'Settings' },
  { hash: '#/settings/till', heading: 'Settings' },
  { hash: '#/settings/users', heading: 'Settings' },
] as const

let page: Page

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await signIn(page)
  // Light on purpose: the first walk is the English light till; the dark theme and French
  // follow below, so every size is seen in both languages and both themes.
  await must(page, 'appearance.set', { language: 'en', theme: 'light' })
  // Lists with rows in them, as on a till in the middle of the day: a customer with a long
  // name paid a charge (Transfers, Reports), and another charge is still open (Collect).
  const customer = await must(page, 'customer.create', {
    name: 'Oluwaseun Adebayo-Williams Enterprises',
    email: `layout-${Date.now().toString(36)}@example.com`,
    bvn: uniqueBvn(),
  })
  const account = customer.accountReference
  await must(page, 'charge.open', { accountReference: account, amount: '4200' })
  await must(page, 'demo.simulateTransfer', { accountReference: account, amount: '4200' })
  // A payout waiting for a decision: Approvals shows the details and the PIN pad.
  await supplierPayout(page, '2034567891', '12500', 'Layout check supplier invoice')
  await expect
    .poll(
      async () =>
        (await must(page, 'history.list', { accountReference: account, page: 1, pageSize: 10 }))
          .totalItems,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0)
})
test.afterAll(async () => {
  await page.context().close()
})

/** Opens a screen and waits until it has stopped loading. */
async function open(hash: string, heading: string | RegExp): Promise<void> {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await expect(page.locator('.spinner')).toHaveCount(0)
}

for (const size of TILL_SIZES) {
  test(`every screen fits at ${size.width}×${size.height}`, async () => {
    await page.setViewportSize(size)
    const problems: string[] = []
    for (const screen of SCREENS) {
      await open(screen.hash, screen.heading)
      const name = screen.hash.replace(/[#/]+/g, '-').replace(/^-/, '')
      await shot(size, `${size.width}x${size.height}-${name}`)
      for (const problem of await layoutProblems(page)) problems.push(`${screen.hash}: ${problem}`)
    }
    expect(problems).toEqual([])
  })
}

// The screens whose words and layout changed most (issue 23), in French and in dark too:
// French words are longer, and the dark theme has its own badges and borders.
const WORDY = [
  { hash: '#/collect', heading: { en: 'Collect', fr: 'Encaisser' } },
  { hash: '#/history', heading: { en: 'Transfers', fr: 'Virements' } },
  { hash: '#/payouts', heading: { en: 'Payouts', fr: 'Versements' } },
  { hash: '#/approvals', heading: { en: 'Approvals', fr: /^Appro\u00ad?bations$/ } },
  { hash: '#/reports', heading: { en: 'Reports', fr: 'Rapports' } },
  { hash: '#/settings/users', heading: { en: 'Settings', fr: 'Réglages' } },
] as const
for (const look of [
  { language: 'fr', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'fr', theme: 'dark' },
] as const) {
  test(`the changed screens fit every size in ${look.language}, ${look.theme}`, async () => {
    test.setTimeout(180_000)
    await must(page, 'appearance.set', { language: look.language, theme: look.theme })
    await expect(page.locator('html')).toHaveAttribute('lang', look.language)
    const problems: string[] = []
    try {
      for (const size of TILL_SIZES) {
        await page.setViewportSize(size)
        for (const screen of WORDY) {
          await open(screen.hash, screen.heading[look.language])
          const name = `${look.language}-${look.theme}-${size.width}x${size.height}${screen.hash.replace(/[#/]+/g, '-')}`
          await shot(size, name)
          for (const problem of await layoutProblems(page)) problems.push(`${name}: ${problem}`)
        }
      }
    } finally {
      await must(page, 'appearance.set', { language: 'en', theme: 'light' })
    }
    expect(problems).toEqual([])
  })
}

// Reports' three tabs, the widest lists, in both languages and both themes at every size; the
// 1024×768 and 1280×800 shots are the ones looked at. Transfers, the other wide list, is
// checked in each of these looks at every size by the two tests above.
test('every report tab fits in English and French, light and dark', async () => {
  test.setTimeout(240_000)
  const problems: string[] = []
  try {
    for (const look of [
      { language: 'en', theme: 'light' },
      { language: 'fr', theme: 'light' },
      { language: 'en', theme: 'dark' },
      { language: 'fr', theme: 'dark' },
    ] as const) {
      await must(page, 'appearance.set', { language: look.language, theme: look.theme })
      await expect(page.locator('html')).toHaveAttribute('lang', look.language)
      for (const size of TILL_SIZES) {
        await page.setViewportSize(size)
        const name = `${look.language}-${look.theme}-${size.width}x${size.height}`
        // By way of Transfers, so Reports opens afresh at this size.
        await open('#/history', look.language === 'en' ? 'Transfers' : 'Virements')
        await open('#/reports', look.language === 'en' ? 'Reports' : 'Rapports')
        for (const [index, tab] of ['transfersIn', 'payments', 'payouts'].entries()) {
          await page.getByRole('tab').nth(index).click()
          await expect(page.getByRole('tab').nth(index)).toHaveAttribute('aria-selected', 'true')
          await expect(page.locator('.spinner')).toHaveCount(0)
          await expect(page.getByTestId('report-count')).not.toHaveText(/Loading|Chargement/)
          await shot(size, `tabs-${name}-reports-${tab}`)
          for (const problem of await layoutProblems(page))
            problems.push(`${name} reports ${tab}: ${problem}`)
        }
      }
    }
  } finally {
    await must(page, 'appearance.set', { language: 'en', theme: 'light' })
  }
  expect(problems).toEqual([])
})

// Large text on a 768 px till: two rows of filters left Reports' list one row, a scroll area
// squeezed inside another. The filters fold behind "Filters"; the list keeps rows to read;
// opened, the filters show whole over the list, and Show folds them back.
test('Reports at 1024×768 with 150 % text: the filters fold and the list keeps its height', async () => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1024, height: 768 })
  const problems: string[] = []
  const words = {
    en: { heading: 'Reports', filters: /^Filters/, status: 'Status', show: /^Show/ },
    fr: { heading: 'Rapports', filters: /^Filtres/, status: 'Statut', show: /^Afficher/ },
  } as const
  try {
    for (const language of ['en', 'fr'] as const) {
      const w = words[language]
      await must(page, 'appearance.set', { language, theme: 'dark', textSize: 150 })
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      await open('#/reports', w.heading)
      for (const [index, tab] of ['transfersIn', 'payments', 'payouts'].entries()) {
        await page.getByRole('tab').nth(index).click()
        await expect(page.getByTestId('report-count')).not.toHaveText(/Loading|Chargement/)
        const name = `${language}-150-1024x768-reports-${tab}`
        await page.screenshot({ path: `${SHOTS}/${name}.png` })
        for (const problem of await layoutProblems(page)) problems.push(`${name}: ${problem}`)
        // At least three rows of the list in sight (a row is at least 56 px).
        const height = await page.locator('.gw-vtable__scroll').evaluate((el) => el.clientHeight)
        if (height < 3 * 56) problems.push(`${name}: the list is ${height} px tall`)
      }
      const filters = page.getByRole('button', { name: w.filters })
      await expect(filters).toHaveAttribute('aria-expanded', 'false')
      await expect(page.getByRole('combobox', { name: w.status })).toBeHidden()
      await filters.click()
      await expect(filters).toHaveAttribute('aria-expanded', 'true')
      await expect(page.getByRole('combobox', { name: w.status })).toBeFocused()
      const name = `${language}-150-1024x768-reports-filters`
      await page.screenshot({ path: `${SHOTS}/${name}.png` })
      for (const problem of await layoutProblems(page, '.gw-fold__panel'))
        problems.push(`${name}: ${problem}`)
      await page.getByRole('button', { name: w.show }).click()
      await expect(filters).toHaveAttribute('aria-expanded', 'false')
      await expect(filters).toBeFocused()
    }
  } finally {
    await must(page, 'appearance.set', { language: 'en', theme: 'light', textSize: 100 })
  }
  expect(problems).toEqual([])
})

test('the customer display fits a small 800×480 screen', async ({ browser }) => {
  const display = await (
    await browser.newContext({ viewport: { width: 800, height: 480 } })
  ).newPage()
  // The session cookie comes from the shared storage state; the token was spent at setup.
  await display.goto('/#/customer-display')
  await expect(display.getByRole('heading', { level: 1 })).toBeVisible()
  await display.screenshot({ path: `${SHOTS}/800x480-customer-display.png` })
  expect(await layoutProblems(display)).toEqual([])
  await display.context().close()
})
