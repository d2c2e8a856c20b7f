// Refunds end to end through the preview on the demo gateway. A cashier sees a payment's
// balance and refunds but cannot issue one (the screen says so and main refuses the call); a
// supervisor refunds part (too much is refused beside the amount), then the rest, following
// each to Refunded; the history lists them with counts. A refund whose answer the Demo lost
// waits in the unconfirmed list with its words. Screens go to test-results/refunds/ (and the
// unconfirmed list at 1024x768 to test-results/screens/).
import { expect, test, type Page } from '@playwright/test'
import { goTo, invoke, must, paidPayment, shooter } from './gateway-support'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Lawal', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const shot = shooter('refunds')
let page: Page
let reference = ''

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
})
test.afterAll(async () => {
  await page.context().close()
})

test('a cashier sees the balance but a supervisor must issue the refund', async () => {
  await signIn(page, CASHIER)
  reference = await paidPayment(page, '20000')
  await goTo(page, `#/refunds/${reference}`)
  const balance = page.getByTestId('refund-balance')
  await expect(balance).toContainText('₦20,000.00')
  await expect(page.getByTestId('refundable')).toContainText('₦20,000.00')
  await expect(page.getByText('A supervisor issues refunds')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review refund' })).toHaveCount(0)
  await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0)
  // Hidden buttons are not the guard: main refuses the call itself.
  const refused = await invoke(page, 'refunds.issue', {
    paymentReference: reference,
    kind: 'full',
    reason: 'Sneaky',
  })
  expect(refused.ok).toBe(false)
  if (!refused.ok) expect(refused.error.code).toBe('forbidden_role')
  await shot(page, '01-cashier-view')
})

test('a supervisor refunds part; more than the balance is refused beside the amount', async () => {
  await signIn(page, SUPERVISOR)
  await goTo(page, `#/refunds/${reference}`)
  await expect(page.getByTestId('refundable')).toContainText('₦20,000.00')
  const form = page.getByRole('form', { name: 'Refund' })
  await form.getByLabel('Part of it').check()
  await form.getByLabel('Amount to refund').fill('25000')
  await form.getByLabel('Reason').fill('Returned goods')
  await form.getByRole('button', { name: 'Review refund' }).click()
  const dialog = page.getByRole('dialog', { name: 'Send this refund?' })
  await expect(dialog).toContainText('₦25,000.00')
  await dialog.getByRole('button', { name: 'Refund ₦25,000.00' }).click()
  await expect(form.getByText('At most ₦20,000.00 can be refunded on this payment.')).toBeVisible()
  await shot(page, '02-too-much')

  await form.getByLabel('Amount to refund').fill('5000')
  await form.getByRole('button', { name: 'Review refund' }).click()
  await dialog.getByRole('button', { name: 'Refund ₦5,000.00' }).click()
  const issued = page.getByTestId('refund-issued')
  await expect(issued).toContainText('₦5,000.00')
  await expect(issued).toContainText(/RF_/)
  // Main follows the refund until the bank settles it; the screen just shows it.
  await expect(issued).toHaveAttribute('data-status', 'success', { timeout: 15_000 })
  await expect(issued).toContainText('Refunded to the customer')
  await expect(page.getByTestId('refundable')).toContainText('₦15,000.00')
  await expect(page.getByTestId('payment-refunds')).toContainText('₦5,000.00')
  await shot(page, '03-partial-refunded')
})

test('the rest is refunded in full, after which nothing more can be', async () => {
  await page.getByRole('button', { name: 'Another refund of this payment' }).click()
  const form = page.getByRole('form', { name: 'Refund' })
  await form.getByLabel(/All that can be refunded/).check()
  await form.getByLabel('Reason').fill('Order cancelled')
  await form.getByRole('button', { name: 'Review refund' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Refund ₦15,000.00' }).click()
  await expect(page.getByTestId('refund-issued')).toHaveAttribute('data-status', 'success', {
    timeout: 15_000,
  })
  await expect(page.getByTestId('refundable')).toContainText('₦0.00')
  await expect(page.getByText('This payment has already been refunded in full.')).toBeVisible()
  await shot(page, '04-refunded-in-full')
})

test('the history lists the refunds with counts, and opens the payment', async () => {
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('refund-counts')).toBeVisible()
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByLabel('Payment reference')
    .fill(reference)
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByRole('button', { name: 'Show' })
    .click()
  await expect(page.getByTestId('refund-history-count')).toHaveText('2 refunds')
  await expect(page.getByTestId('report-row')).toHaveCount(2)
  await shot(page, '05-history')
  expect(await seriousA11yViolations(page)).toEqual([])
  const from = page
    .getByRole('form', { name: 'Filter refunds' })
    .getByLabel('From', { exact: true })
  await from.fill('01/02/2030')
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByLabel('To', { exact: true })
    .fill('01/01/2030')
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByRole('button', { name: 'Show' })
    .click()
  await expect(page.getByText('The end date is before the start date.')).toBeVisible()
  await from.fill('')
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByLabel('To', { exact: true })
    .fill('')
  await page
    .getByRole('form', { name: 'Filter refunds' })
    .getByRole('button', { name: 'Show' })
    .click()
  await page.getByTestId('report-row').first().press('Enter')
  await expect(page.getByTestId('refund-balance')).toBeVisible()
  expect(await seriousA11yViolations(page)).toEqual([])
})

test('a refund whose answer was lost waits in the unconfirmed list, in words', async () => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const lost = await paidPayment(page, '8000', 'lost.answer@example.com')
  await goTo(page, `#/refunds/${lost}`)
  await expect(page.getByTestId('refundable')).toContainText('₦8,000.00')
  const form = page.getByRole('form', { name: 'Refund' })
  await form.getByLabel('Part of it').check()
  await form.getByLabel('Amount to refund').fill('3000')
  await form.getByLabel('Reason').fill('Damaged item')
  await form.getByRole('button', { name: 'Review refund' }).click()
  // The gateway takes the refund; its answer to the till is lost on the way back.
  await must(page, 'demo.loseNextAnswer', { armed: true })
  await page.getByRole('dialog').getByRole('button', { name: 'Refund ₦3,000.00' }).click()
  await expect(form.getByRole('alert').first()).toBeVisible({ timeout: 20_000 })
  // Held unknown while it is looked at: with the gateway down the till's lookups fail too.
  await must(page, 'demo.simulateOutage', { active: true })
  try {
    // The list is read when Refunds opens (no event tells the screen of a refund that went
    // unknown), so the supervisor opens Refunds again, as a person coming back to it would.
    await goTo(page, '#/payments')
    await expect(page.getByTestId('refunds-screen')).toHaveCount(0)
    await goTo(page, '#/refunds')
    const list = page.getByTestId('refunds-unsettled')
    await expect(list).toBeVisible({ timeout: 20_000 })
    await expect(list).toHaveAccessibleName('Refunds the gateway has not confirmed')
    await expect(list).toContainText(
      "Not confirmed by the gateway: these refunds may or may not have been made. Don't issue them again.",
    )
    const item = list.locator('.outcome-review').filter({ hasText: lost })
    await expect(item).toContainText('₦3,000.00')
    await expect(item).toContainText(`of payment ${lost}, refund RF_`)
    await list.scrollIntoViewIfNeeded()
    expect(await layoutProblems(page)).toEqual([])
    expect(await seriousA11yViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/screens/en-unknown-refunds-list.png' })
  } finally {
    await must(page, 'demo.simulateOutage', { active: false })
  }
})
