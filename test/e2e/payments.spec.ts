// Hosted-checkout payments end to end in Chromium through the preview on the embedded demo
// gateway: field errors beside the fields; a payment the customer pays on the gateway's own
// checkout page (the till turns Paid only after verifying); a declined one started from the
// keyboard alone; accessibility. Screens are captured in test-results/payments/.
import { expect, test, type Page } from '@playwright/test'
import { goTo, shooter } from './gateway-support'
import { seriousA11yViolations, signIn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Lawal', pin: '2468', role: 'cashier' as const }
const shot = shooter('payments')
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await signIn(page, CASHIER)
  await goTo(page, '#/payments')
  await expect(page.getByTestId('payments-screen')).toBeVisible()
})
test.afterAll(async () => {
  await page.context().close()
})

test('puts what is wrong beside each field, and starts nothing', async () => {
  const before = await page.getByTestId('recent-payments').getByRole('button').count()
  const form = page.getByRole('form', { name: 'New payment' })
  await form.getByLabel('Amount').fill('0')
  await form.getByLabel('Customer e-mail').fill('buyer@')
  await form.getByRole('button', { name: 'Create payment' }).click()
  await expect(form.getByText('Enter an amount more than zero.')).toBeVisible()
  await expect(
    form.getByText('That e-mail address looks incomplete, e.g. name@example.com.'),
  ).toBeVisible()
  await expect(form.getByLabel('Customer e-mail')).toHaveAttribute('aria-invalid', 'true')
  await shot(page, '01-field-errors')
  // Editing a field clears its message; the other stays until fixed.
  await form.getByLabel('Customer e-mail').fill('buyer@example.com')
  await expect(
    form.getByText('That e-mail address looks incomplete, e.g. name@example.com.'),
  ).toHaveCount(0)
  await expect(form.getByText('Enter an amount more than zero.')).toBeVisible()
  await expect(page.getByTestId('recent-payments').getByRole('button')).toHaveCount(before)
})

test("the customer pays on the gateway's checkout page; the till verifies and shows Paid", async () => {
  const form = page.getByRole('form', { name: 'New payment' })
  await form.getByLabel('Amount').fill('15,000.50')
  await form.getByLabel('Customer e-mail').fill('bola@example.com')
  await form.getByLabel('Customer name (optional)').fill('Bola Ade')
  await form.getByLabel('What it is for (optional)').fill('Invoice 1042')
  await form.getByRole('button', { name: 'Create payment' }).click()

  const panel = page.getByTestId('payment-panel')
  await expect(panel).toHaveAttribute('data-status', 'pending')
  await expect(page.getByRole('heading', { name: 'Waiting for the customer to pay' })).toBeVisible()
  await expect(page.getByTestId('payment-amount')).toHaveText('₦15,000.50')
  await expect(page.getByRole('img', { name: /QR code of the checkout page/ })).toBeVisible()
  // In the preview there is no system browser to hand to: a link is shown instead.
  await expect(page.getByRole('button', { name: 'Open checkout in browser' })).toHaveCount(0)
  const link = page.getByTestId('checkout-url')
  const url = (await link.getAttribute('href')) ?? ''
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/PAY_/)
  await shot(page, '02-waiting-for-customer')

  // The customer opens the checkout page (their phone, here a tab) and pays there.
  const customer = await page.context().newPage()
  await customer.goto(url)
  await customer.getByRole('button', { name: 'Success' }).click()
  // Let the checkout's answer page finish loading first: closing a tab mid-navigation can
  // hang headless Chromium on a loaded machine.
  await expect(customer.getByRole('heading', { name: 'Payment success' })).toBeVisible()
  await customer.close()

  // Nothing came back to the till but a status main verified with the gateway.
  await expect(panel).toHaveAttribute('data-status', 'success', { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Paid', exact: true })).toBeVisible()
  await expect(panel.getByRole('status')).toContainText('Paid ₦15,000.50')
  await expect(page.getByTestId('recent-payments').getByRole('button').first()).toContainText(
    '₦15,000.50',
  )
  // The next action is under the cashier's finger.
  await expect(page.getByRole('button', { name: 'New payment' })).toBeFocused()
  await shot(page, '03-paid')
})

test('keyboard only: start a payment, and a declined card takes no money', async () => {
  await page.keyboard.press('Enter') // "New payment" has focus
  const form = page.getByRole('form', { name: 'New payment' })
  await expect(form.getByLabel('Amount')).toBeFocused()
  await page.keyboard.type('2500')
  await page.keyboard.press('Tab') // currency
  await page.keyboard.press('Tab') // e-mail
  await page.keyboard.type('tolu@example.com')
  await page.keyboard.press('Enter')
  const panel = page.getByTestId('payment-panel')
  await expect(panel).toHaveAttribute('data-status', 'pending')
  await page.getByTestId('demo-customer').getByRole('button', { name: 'Card declined' }).click()
  await expect(panel).toHaveAttribute('data-status', 'failed')
  await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible()
  await expect(panel.getByRole('status')).toContainText('No money was taken.')
  await shot(page, '04-declined')
})

test('a payment looked up by reference, and an unknown one explained', async () => {
  const lookup = page.getByRole('form', { name: 'Look up a payment' })
  await lookup.getByLabel('Payment reference').fill('NO-SUCH-PAYMENT')
  await lookup.getByRole('button', { name: 'Check' }).click()
  await expect(lookup.getByText(/No payment has the reference NO-SUCH-PAYMENT/)).toBeVisible()
  await shot(page, '05-lookup-unknown')
})

test('has no serious or critical accessibility violations', async () => {
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'New payment' }).click()
  expect(await seriousA11yViolations(page)).toEqual([])
})
