// Reports end to end through the preview on the demo gateway: a supervisor filters checkout
// payments (status, e-mail, dates) over server pages, exports exactly the matching rows as CSV
// with exact decimals, and opens the other lists; a cashier has no Reports at all, not even
// through the bridge. Screens go to test-results/reports/.
import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { goTo, invoke, must, paidPayment, shooter } from './gateway-support'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Lawal', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const shot = shooter('reports')
let page: Page
const tag = `r${Date.now().toString(36)}`

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ acceptDownloads: true })).newPage()
  await signIn(page, SUPERVISOR)
  // Three paid and two waiting payments of one customer of this run.
  for (const amount of ['1000.10', '2000.20', '3000.30'])
    await paidPayment(page, amount, `${tag}@example.com`)
  for (const amount of ['4000.40', '5000.50'])
    await must(page, 'payments.start', { email: `${tag}@example.com`, amount, currency: 'NGN' })
  await goTo(page, '#/reports')
  await expect(page.getByTestId('reports-screen')).toBeVisible()
  // Reports opens on today's transfers in; these tests are about checkout payments.
  await page.getByRole('tab', { name: 'Card & online payments' }).click()
})
test.afterAll(async () => {
  await page.context().close()
})

test('filters payments by e-mail and status over server pages', async () => {
  const filters = page.getByRole('form', { name: 'Filter payments' })
  await filters.getByLabel('Customer e-mail').fill(`${tag}@example.com`)
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('report-count')).toHaveText('5 payments')
  await filters.getByRole('combobox', { name: 'Status' }).selectOption('success')
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('report-count')).toHaveText('3 payments')
  const rows = page.getByTestId('report-row')
  await expect(rows).toHaveCount(3)
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(3)
  await expect(rows.first()).toContainText('₦3,000.30')
  await shot(page, '01-paid-payments')
})

test('exports exactly the matching rows as CSV, amounts as exact decimals', async () => {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^tilldesk-payments-exported-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toBe(
    'Reference,Status,Method,Customer e-mail,Customer name,Currency,Amount,Refunded,Created (UTC),Paid (UTC)',
  )
  expect(lines).toHaveLength(4)
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[6])
      .sort(),
  ).toEqual(['1000.10', '2000.20', '3000.30'])
  await expect(page.getByText(/Exported 3 rows to tilldesk-payments/)).toBeVisible()
})

test('a range that ends before it starts is explained beside the end date', async () => {
  const filters = page.getByRole('form', { name: 'Filter payments' })
  await filters.getByLabel('From', { exact: true }).fill('01/02/2030')
  await filters.getByLabel('To', { exact: true }).fill('01/01/2030')
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(filters.getByText('The end date is before the start date.')).toBeVisible()
  await shot(page, '02-bad-range')
})

test('a row opens the payment; the other lists load', async () => {
  const filters = page.getByRole('form', { name: 'Filter payments' })
  await filters.getByLabel('From', { exact: true }).fill('')
  await filters.getByLabel('To', { exact: true }).fill('')
  await filters.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByTestId('report-count')).toHaveText('3 payments')
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.getByRole('tab', { name: 'Transfers in' }).click()
  await expect(page.getByTestId('report-count')).toHaveText(/\d+ transfers?/)
  await page.getByRole('tab', { name: 'Payouts' }).click()
  await expect(page.getByTestId('report-count')).toHaveText(/\d+ payouts?/)
  await shot(page, '03-payouts')
  await page.getByRole('tab', { name: 'Card & online payments' }).click()
  await page.getByTestId('report-row').first().click()
  await expect(page.getByTestId('payment-panel')).toBeVisible()
})

test('a cashier has no Reports, on screen or through the bridge', async () => {
  await signIn(page, CASHIER)
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Reports/ }),
  ).toHaveCount(0)
  const refused = await invoke(page, 'reports.payments', { page: 1, pageSize: 25 })
  expect(refused.ok).toBe(false)
  if (!refused.ok) expect(refused.error.code).toBe('forbidden_role')
})
