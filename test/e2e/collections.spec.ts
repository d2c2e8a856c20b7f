// Collections end to end in Chromium through the preview on the embedded Demo sandbox: create
// a customer account, show the instructions (and the customer display), the customer's
// transfer (the demo-only "play the customer" control), Paid; part-pay then the rest; overpay
// and the cashier's decision; an outage and the catch-up after it. Each state is captured in
// test-results/collections/ for a human to look at.
import { expect, test, type Page } from '@playwright/test'
import {
  endOutage,
  openCustomerDisplay,
  seriousA11yViolations,
  signIn,
  uniqueBvn,
  type PageGlobals,
} from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Funmi Bello', pin: '8642', role: 'cashier' as const }
const SHOTS = 'test-results/collections'

let page: Page
let display: Page
let seq = 0
let paidAccount = ''

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext()
  page = await context.newPage()
  await signIn(page, CASHIER)
  display = await openCustomerDisplay(page)
})
test.afterAll(async () => {
  await endOutage(page)
  await page.context().close()
})

/** Captures what the person sees first: the screen scrolled to its top. */
async function shot(name: string, p: Page = page): Promise<void> {
  await p.evaluate(() => {
    // No DOM types in this tsconfig (see PageGlobals in support.ts).
    type Scrollable = { scrollTo(x: number, y: number): void }
    const g = globalThis as unknown as Scrollable & {
      document: { getElementById(id: string): Scrollable | null }
    }
    g.document.getElementById('main-content')?.scrollTo(0, 0)
    g.scrollTo(0, 0)
  })
  await p.screenshot({ path: `${SHOTS}/${name}.png` })
}

/**
 * Collect as the cashier does: the amount first, then a new customer (a BVN one digit short is
 * explained before anything is sent), and the instructions open. Returns the customer's
 * account reference.
 */
async function collect(name: string, amount: string): Promise<string> {
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/collect'))
  await page.keyboard.press('Escape')
  const due = page.getByRole('textbox', { name: 'Amount due' })
  await due.fill(amount)
  await due.press('Enter')
  await page.getByRole('button', { name: 'New customer' }).click()
  const form = page.getByRole('form', { name: 'New customer' })
  await form.getByLabel('Full name').fill(name)
  await form.getByLabel('E-mail').fill(`${name.split(' ')[0]!.toLowerCase()}${++seq}@example.com`)
  await form.getByLabel(/BVN/).fill('2221234567') // one digit short
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(form.getByText('A BVN is 11 digits; this one has 10.')).toBeVisible()
  await form.getByLabel(/BVN/).fill(uniqueBvn())
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  const screen = page.getByTestId('charge-screen')
  await expect(screen).toBeVisible()
  return (await screen.getAttribute('data-account-reference')) ?? ''
}

async function customerSends(
  amount: string,
  status: 'success' | 'failed' = 'success',
): Promise<void> {
  const sim = page.getByTestId('demo-simulator')
  await sim.getByLabel('Amount the customer sends').fill(amount)
  await sim
    .getByRole('button', {
      name: status === 'success' ? 'Simulate transfer' : 'Simulate failed transfer',
    })
    .click()
  // The demo bank's acknowledgement, unless the watcher was quicker and the charge already
  // moved on (a paid charge closes the simulator along with the instructions).
  await expect(
    sim
      .getByText(/The demo bank sent transfer/)
      .or(page.locator('[data-testid="charge-screen"]:not([data-phase="awaiting"])'))
      .first(),
  ).toBeVisible()
}

test('create an account, show the instructions, the transfer arrives: Paid', async () => {
  paidAccount = await collect('Ada Obi', '12,500.50')

  const instructions = page.getByTestId('instructions')
  await expect(instructions.getByTestId('amount-to-send')).toHaveText('₦12,500.50')
  await expect(instructions.getByTestId('account-number')).toHaveText(/^\d{3} \d{3} \d{4}$/)
  await expect(instructions.getByTestId('account-name')).toHaveText('Ada Obi')
  await expect(instructions.getByTestId('bank-name')).not.toBeEmpty()
  await expect(
    instructions.getByRole('img', { name: 'QR code with the payment details' }),
  ).toBeVisible()
  await expect(page.getByTestId('elapsed')).toContainText('Waiting 0:0')
  expect(await seriousA11yViolations(page)).toEqual([])
  await shot('1-instructions')

  await expect(display.getByTestId('customer-display')).toContainText('₦12,500.50')
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-phase', 'awaiting')
  await shot('1-customer-display-instructions', display)

  await customerSends('12,500.50')
  await expect(page.getByTestId('paid-panel')).toBeVisible()
  await expect(page.getByTestId('paid-panel')).toContainText('PAID')
  await expect(page.getByTestId('paid-panel')).toContainText('₦12,500.50 received')
  await expect(page.getByTestId('charge-screen')).toHaveAttribute('data-phase', 'paid')
  await shot('2-paid')
  await expect(display.getByTestId('customer-display')).toHaveAttribute('data-phase', 'paid')
  await expect(display.getByTestId('customer-display')).toContainText('Payment received')
  await shot('2-customer-display-paid', display)

  await page.getByRole('button', { name: 'Receipt' }).click()
  const receipt = page.getByTestId('receipt')
  await expect(receipt).toContainText('Payment receipt')
  await expect(receipt).toContainText('₦12,500.50')
  await shot('3-receipt')
  await page.getByRole('button', { name: 'Close' }).click()
  await page.keyboard.press('Escape') // back to Collect for the next customer
  await expect(page.getByRole('textbox', { name: 'Amount due' })).toBeVisible()
})

test('part-pay shows the balance due, a failed transfer is not counted, then the rest: Paid', async () => {
  await collect('Bayo Kalu', '10000')
  await customerSends('4000')
  await expect(page.getByTestId('balance-due')).toHaveText('Balance due ₦6,000.00')
  await expect(page.getByTestId('amount-to-send')).toHaveText('₦6,000.00')
  await customerSends('6000', 'failed')
  await expect(
    page.getByTestId('transfer-row').filter({ hasText: 'Failed: not counted' }),
  ).toBeVisible()
  await expect(page.getByTestId('balance-due')).toHaveText('Balance due ₦6,000.00')
  await expect(display.getByTestId('customer-display')).toContainText('Please send the balance')
  await shot('4-part-paid')
  await shot('4-customer-display-part-paid', display)
  await customerSends('6000')
  await expect(page.getByTestId('paid-panel')).toContainText('₦10,000.00 received')
  await shot('5-part-paid-then-paid')
  await expect(page.getByRole('button', { name: 'New sale' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('textbox', { name: 'Amount due' })).toBeVisible()
})

test('overpay is flagged and the cashier’s decision is recorded', async () => {
  await collect('Chioma Eze', '5000')
  await customerSends('5250')
  await expect(page.getByTestId('overpaid-by')).toHaveText('Overpaid by ₦250.00')
  await expect(page.getByRole('heading', { name: /sent ₦250.00 too much/ })).toBeVisible()
  await shot('6-overpaid')
  await shot('6-customer-display-overpaid', display)
  await page.getByText('Keep ₦250.00 as credit').click()
  await page.getByLabel('Note (optional)').fill('next visit')
  await page.getByRole('button', { name: 'Record decision' }).click()
  await expect(page.getByTestId('paid-panel')).toContainText(
    'Decision: keep as customer credit (next visit)',
  )
  await expect(page.getByRole('button', { name: 'Record decision' })).toHaveCount(0)
  await shot('7-overpaid-decided')
})

test('an outage: the till says it is offline, then catches up on the transfer', async () => {
  await collect('Dayo Musa', '3000')
  await page.getByRole('button', { name: 'Simulate a gateway outage' }).click()
  const offline = page
    .getByRole('alert')
    .filter({ hasText: 'Offline: can’t confirm transfers right now' })
  await expect(offline).toBeVisible({ timeout: 15_000 })
  await expect(offline).toContainText('the customer can still transfer')
  // The screen's own notice replaces the frame's generic one; the status bar still says so.
  await expect(page.getByText('Offline: the gateway can’t be reached')).toHaveCount(0)
  await expect(page.getByLabel('Status', { exact: true })).toContainText('Offline')
  await customerSends('3000') // the bank takes it while the till can't see the gateway
  await page.waitForTimeout(1_500)
  await expect(page.getByTestId('charge-screen')).toHaveAttribute('data-phase', 'awaiting')
  await expect(page.getByLabel('Status', { exact: true })).toContainText('Offline')
  await shot('8-offline')
  await page.getByRole('button', { name: 'End the gateway outage' }).click()
  await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 25_000 })
  await expect(page.getByText('Caught up on 1 transfer that arrived while offline.')).toBeVisible()
  await shot('9-back-online-paid')
})

test('a transfer after the sale closed shows up as late, and the cashier records what was done', async () => {
  // The customer presses "send" again after the sale is paid and closed.
  await page.evaluate(
    (ref) =>
      (globalThis as unknown as PageGlobals).pos.invoke('demo.simulateTransfer', {
        accountReference: ref,
        amount: '12500.50',
      }),
    paidAccount,
  )
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/collect'))
  const late = page.getByTestId('late-transfers')
  // Found by the shared after-sale sweep, which runs at the background interval (15 s).
  await expect(late).toContainText('₦12,500.50', { timeout: 25_000 })
  await expect(late).toContainText('Ada Obi')
  await shot('11-late-transfer')
  await late.getByRole('button', { name: /₦12,500.50/ }).click()
  await page.getByLabel('What was done').fill('Refunded by transfer')
  await page.getByRole('button', { name: 'Record', exact: true }).click()
  await expect(page.getByTestId('late-transfers')).toHaveCount(0)
})

test('history lists the transfers and exports them as CSV', async () => {
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).location.hash = '#/history'))
  await expect(page.getByTestId('history-count')).toHaveText(/^\d+ transfers$/)
  await expect(page.getByTestId('history-row').first()).toContainText('₦')
  expect(await seriousA11yViolations(page)).toEqual([])
  await shot('10-history')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^tilldesk-transfers-.*\.csv$/)
  await expect(page.getByText(/Exported \d+ rows?/)).toBeVisible()
})

test('the customer display is a page anyone at the till can open', async ({ browser }) => {
  const other = await (await browser.newContext()).newPage()
  await other.goto('/#/customer-display')
  await expect(other.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeVisible()
  expect(await seriousA11yViolations(other)).toEqual([])
  await other.context().close()
})
