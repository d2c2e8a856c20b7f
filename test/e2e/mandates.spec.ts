// Direct-debit mandates end to end through the preview on the demo gateway: a cashier sets one
// up (the 30-day rule explained beside the end date), confirms the account holder, sends the
// activation code, is told a wrong code is wrong, activates, collects within the limit (too
// much refused beside the amount), and watches the debit settle; only a supervisor cancels.
// Screens go to test-results/mandates/.
import { expect, test, type Page } from '@playwright/test'
import { goTo, invoke, shooter } from './gateway-support'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Lawal', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Sade Okafor', pin: '135790', role: 'supervisor' as const }
const shot = shooter('mandates')
let page: Page
let mandateReference = ''

/** A day from today as a person types it into the till's date fields: day first. */
const typedDay = (offsetDays: number): string => {
  const d = new Date()
  d.setDate(d.getDate() + offsetDays)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await signIn(page, CASHIER)
  await goTo(page, '#/mandates')
  await expect(page.getByTestId('mandates-screen')).toBeVisible()
})
test.afterAll(async () => {
  await page.context().close()
})

test('a cashier sets a mandate up; the 30-day minimum is explained beside the end date', async () => {
  await page.getByRole('button', { name: 'New mandate' }).click()
  const form = page.getByRole('form', { name: 'New mandate' })
  await form.getByLabel("Account holder's full name").fill('Bola Ade')
  await form.getByLabel('Customer e-mail').fill('bola@example.com')
  await form.getByLabel('Bank').selectOption({ index: 1 })
  await form.getByLabel('Account number').fill('0123456789')
  await form.getByRole('button', { name: 'Check account holder' }).click()
  await expect(page.getByTestId('resolved-name')).toContainText('confirm this is the customer')
  await form.getByLabel('First day').fill(typedDay(0))
  await form.getByLabel('Last day').fill(typedDay(29))
  await form.getByLabel('Most to collect in a month').fill('20000')
  await form.getByLabel('Debits allowed a month').fill('2')
  await form.getByRole('button', { name: 'Create mandate' }).click()
  await expect(
    form.getByText(/The mandate must run at least 30 days: end on \d{1,2} \w{3} \d{4} or later\./),
  ).toBeVisible()
  await shot(page, '01-too-short')
  expect(await seriousA11yViolations(page)).toEqual([])

  await form.getByLabel('Last day').fill(typedDay(365))
  await expect(form.getByText(/must run at least 30 days/)).toHaveCount(0)
  await form.getByRole('button', { name: 'Create mandate' }).click()
  const detail = page.getByTestId('mandate-detail')
  await expect(detail).toHaveAttribute('data-status', 'pending_activation')
  mandateReference = (
    (await detail.locator('.card__description').first().textContent()) ?? ''
  ).trim()
  expect(mandateReference).toMatch(/^MD_/)
  await expect(page.getByTestId('mandate-list')).toContainText('Bola Ade')
  await shot(page, '02-needs-activation')
})

test('activation: the code goes out, a wrong code is explained, the right one activates', async () => {
  await page.getByRole('button', { name: 'Send code to customer' }).click()
  const activate = page.getByRole('form', { name: 'Activate mandate' })
  await activate.getByLabel('Code from the bank (OTP)').fill('000000')
  await activate.getByLabel("Customer's PIN").fill('4321')
  await activate.getByRole('button', { name: 'Activate' }).click()
  await expect(
    page.getByText(
      "The bank didn't accept the code or PIN. Check them with the customer and try again.",
    ),
  ).toBeVisible()
  // The customer's code and PIN never stay on screen.
  await expect(activate.getByLabel('Code from the bank (OTP)')).toHaveValue('')
  await expect(activate.getByLabel("Customer's PIN")).toHaveValue('')
  await shot(page, '03-wrong-code')
  await activate.getByLabel('Code from the bank (OTP)').fill('482913')
  await activate.getByLabel("Customer's PIN").fill('4321')
  await activate.getByRole('button', { name: 'Activate' }).click()
  await expect(page.getByTestId('mandate-detail')).toHaveAttribute('data-status', 'active')
  await expect(page.getByTestId('remaining-amount')).toHaveText('₦20,000.00')
  await expect(page.getByTestId('remaining-count')).toHaveText('2 of 2')
  expect(await page.content()).not.toContain('482913')
  await shot(page, '04-active')
})

test('collects within the monthly limit and follows the debit until it settles', async () => {
  const form = page.getByRole('form', { name: 'Collect a payment' })
  await form.getByLabel('Amount').fill('25000')
  await form.getByLabel("On the customer's statement").fill('January instalment')
  await form.getByRole('button', { name: 'Review debit' }).click()
  await page
    .getByRole('dialog', { name: 'Collect this payment?' })
    .getByRole('button', { name: /^Collect/ })
    .click()
  await expect(
    form.getByText("Only ₦20,000.00 is left of this month's ₦20,000.00 limit."),
  ).toBeVisible()
  await shot(page, '05-over-limit')

  await form.getByLabel('Amount').fill('12000')
  await form.getByRole('button', { name: 'Review debit' }).click()
  await page
    .getByRole('dialog', { name: 'Collect this payment?' })
    .getByRole('button', { name: 'Collect ₦12,000.00' })
    .click()
  const debits = page.getByTestId('mandate-debits')
  await expect(debits).toContainText('₦12,000.00')
  await expect(debits.locator('[data-status="success"]')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('remaining-amount')).toHaveText('₦8,000.00')
  await expect(page.getByTestId('remaining-count')).toHaveText('1 of 2')
  await shot(page, '06-collected')
  expect(await seriousA11yViolations(page)).toEqual([])
})

test('only a supervisor cancels, after confirming, and then nothing more can be collected', async () => {
  await expect(page.getByText('A supervisor or admin can cancel a mandate.')).toBeVisible()
  const refused = await invoke(page, 'mandates.cancel', { mandateReference, confirm: true })
  expect(refused.ok).toBe(false)
  if (!refused.ok) expect(refused.error.code).toBe('forbidden_role')

  await signIn(page, SUPERVISOR)
  await goTo(page, '#/mandates')
  await page
    .getByTestId('mandate-list')
    .getByRole('button', { name: /Bola Ade/ })
    .click()
  await page.getByRole('button', { name: 'Cancel mandate…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this mandate for good?' })
  await expect(dialog).toContainText("can't be reactivated")
  await shot(page, '07-confirm-cancel')
  await dialog.getByRole('button', { name: 'Cancel mandate' }).click()
  await expect(page.getByTestId('mandate-detail')).toHaveAttribute('data-status', 'cancelled')
  await expect(page.getByRole('form', { name: 'Collect a payment' })).toHaveCount(0)
  const debit = await invoke(page, 'mandates.debit', {
    mandateReference,
    amount: '10',
    narration: 'After cancel',
  })
  expect(debit.ok).toBe(false)
  if (!debit.ok) expect(debit.error.code).toBe('mandate_not_active')
  await shot(page, '08-cancelled')
  expect(await seriousA11yViolations(page)).toEqual([])
})
