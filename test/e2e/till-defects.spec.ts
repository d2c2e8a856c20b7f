// The defects a new shop ran into on its first day, each tried the way they found it, at a real
// till size (1280×800 unless said). Screens are captured in test-results/till-defects/ for a
// person to look at.
import { expect, test, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { layoutProblems } from './layout'
import {
  ADMIN,
  openApp,
  seriousA11yViolations,
  signIn,
  uniqueBvn,
  type PageGlobals,
} from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Bola Ade', pin: '4826', role: 'cashier' as const }
const SUPERVISOR = { name: 'Chidi Nwosu', pin: '735190', role: 'supervisor' as const }
const ACCOUNT = '2034567891'
const SHOTS = 'test-results/till-defects'

let page: Page
const seen: { notFound: string[]; consoleErrors: string[] } = { notFound: [], consoleErrors: [] }

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  })
  page = await context.newPage()
  page.on('response', (response) => {
    if (response.status() === 404) seen.notFound.push(response.url())
  })
  page.on('console', (message) => {
    if (message.type() === 'error') seen.consoleErrors.push(message.text())
  })
})
test.afterAll(async () => {
  await page.context().close()
})

async function go(hash: string): Promise<void> {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
}

async function invoke(channel: string, input: unknown): Promise<unknown> {
  return page.evaluate(
    async ([c, i]) => {
      const pos = (globalThis as unknown as PageGlobals).pos as unknown as {
        invoke(channel: string, input: unknown): Promise<{ ok: boolean; value?: unknown }>
      }
      const envelope = await pos.invoke(c as string, i)
      if (!envelope.ok) throw new Error(JSON.stringify(envelope))
      return envelope.value
    },
    [channel, input] as const,
  )
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

/** Boxes of two elements intersect (by more than a pixel each way). */
async function overlaps(a: string, b: string): Promise<boolean> {
  const [ra, rb] = [await page.locator(a).boundingBox(), await page.locator(b).boundingBox()]
  if (!ra || !rb) throw new Error(`missing ${ra ? b : a}`)
  const x = Math.min(ra.x + ra.width, rb.x + rb.width) - Math.max(ra.x, rb.x)
  const y = Math.min(ra.y + ra.height, rb.y + rb.height) - Math.max(ra.y, rb.y)
  return x > 1 && y > 1
}

test('9: the app has an icon of its own, and loading it asks for nothing missing', async () => {
  await openApp(page)
  await expect(page.locator('link[rel="icon"]')).toHaveCount(1)
  const icon = await page.locator('link[rel="icon"]').getAttribute('href')
  // Fetched by the page itself: the preview's host name resolves only inside Chromium.
  const status = await page.evaluate(
    async (href) => (await (globalThis as unknown as { fetch: typeof fetch }).fetch(href)).status,
    icon ?? '/',
  )
  expect(status).toBe(200)
  expect(seen.notFound).toEqual([])
  expect(seen.consoleErrors.filter((text) => /404|favicon/i.test(text))).toEqual([])
})

test('2: after sign-in a cashier starts on Collect, not where the admin left off', async () => {
  await signIn(page)
  await go('#/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await signIn(page, CASHIER)
  await expect(page.getByRole('heading', { level: 1, name: 'Collect' })).toBeVisible()
  await expect(page.getByText(/needs an admin profile/)).toHaveCount(0)
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).location.hash)).toBe(
    '#/collect',
  )
})

test('4: amount 0 says so once; then 12.345 replaces it with the new error', async () => {
  await go('#/collect')
  const amount = page.getByRole('textbox', { name: 'Amount due' })
  await expect(amount).toBeFocused()
  await amount.fill('0')
  await amount.press('Enter')
  await expect(page.getByText(/more than zero/)).toHaveCount(1)
  await amount.fill('12.345')
  await amount.press('Enter')
  await expect(page.getByText(/decimal/i)).toHaveCount(1)
  await expect(page.getByText(/more than zero/)).toHaveCount(0)
  await shot('4-amount-errors')
})

test('10: the amount comes first, then the customer; the BVN rule shows before Create', async () => {
  await go('#/collect')
  const amount = page.getByRole('textbox', { name: 'Amount due' })
  await page.getByRole('button', { name: 'Clear' }).click()
  await expect(amount).toHaveValue('')
  // The keypad types too.
  for (const key of ['2', '5', '0', '0'])
    await page.getByRole('button', { name: key, exact: true }).click()
  await expect(amount).toHaveValue('2500')
  await amount.press('Enter')
  await expect(page.getByRole('searchbox', { name: /Find customer/ })).toBeFocused()
  await page.getByRole('button', { name: 'New customer' }).click()
  const form = page.getByRole('form', { name: 'New customer' })
  await expect(form.getByText('11 digits', { exact: false }).first()).toBeVisible()
  expect(await layoutProblems(page)).toEqual([])
  expect(await seriousA11yViolations(page)).toEqual([])
  await shot('10-new-customer')
})

test('3: a known e-mail gets the existing account back, said in words', async () => {
  const form = page.getByRole('form', { name: 'New customer' })
  await form.getByLabel('Full name').fill('Ngozi Okafor')
  await form.getByLabel('E-mail').fill('ngozi.okafor@example.com')
  await form.getByLabel(/BVN/).fill(uniqueBvn())
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(page.getByTestId('charge-screen')).toBeVisible()
  const first = await page.getByTestId('account-number').textContent()
  // The customer pays, so the account is free for the next sale.
  await page
    .getByTestId('demo-simulator')
    .getByRole('button', { name: 'Simulate transfer' })
    .click()
  await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
  // The next customer gives the same e-mail under another name.
  await go('#/collect')
  await page.getByRole('textbox', { name: 'Amount due' }).fill('1000')
  await page.getByRole('textbox', { name: 'Amount due' }).press('Enter')
  await page.getByRole('button', { name: 'New customer' }).click()
  const again = page.getByRole('form', { name: 'New customer' })
  await again.getByLabel('Full name').fill('Ngozi O.')
  await again.getByLabel('E-mail').fill('ngozi.okafor@example.com')
  await again.getByLabel(/BVN/).fill(uniqueBvn())
  await again.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(page.getByText(/already has an account/)).toBeVisible()
  await expect(page.getByTestId('account-number')).toHaveText(first ?? '')
  await page
    .getByTestId('demo-simulator')
    .getByRole('button', { name: 'Simulate transfer' })
    .click()
  await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
})

test('10: customers are found and shown by name', async () => {
  await go('#/collect')
  await page.getByRole('textbox', { name: 'Amount due' }).fill('500')
  await page.getByRole('textbox', { name: 'Amount due' }).press('Enter')
  await page.getByRole('searchbox', { name: /Find customer/ }).fill('ngozi')
  const result = page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Ngozi Okafor/ })
  await expect(result).toBeVisible()
  await expect(result).not.toContainText(/^TD-/)
})

test('6: the title follows the charge: it no longer says "Payment instructions" once paid', async () => {
  await page
    .getByRole('list', { name: 'Customers found' })
    .getByRole('button', { name: /Ngozi Okafor/ })
    .click()
  await expect(page.getByTestId('charge-screen')).toBeVisible()
  const sim = page.getByTestId('demo-simulator')
  // The customer sends what the screen asks for.
  const due = (await page.getByTestId('amount-to-send').textContent()) ?? ''
  await sim.getByLabel('Amount the customer sends').fill(due)
  await sim.getByRole('button', { name: 'Simulate transfer' }).click()
  await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Payment instructions')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paid')
})

test('6: a payout account number one digit short says "1 more digit"', async () => {
  await go('#/payouts')
  const form = page.getByRole('form', { name: 'New payout' })
  await form.getByLabel('Account number').fill(ACCOUNT.slice(0, 9))
  await expect(form.getByText('1 more digit', { exact: true })).toBeVisible()
  await form.getByLabel('Account number').fill('')
})

test('5 and 10: the Outbox card shows the narration; long bank names are not cut off', async () => {
  await invoke('payouts.draft', {
    purpose: 'supplier',
    bankCode: '214',
    accountNumber: ACCOUNT,
    accountName: accountName(ACCOUNT),
    nameConfirmed: true,
    amount: '3517',
    narration: '',
    recipientEmail: null,
    submit: true,
  })
  await invoke('payouts.draft', {
    purpose: 'supplier',
    bankCode: '214',
    accountNumber: ACCOUNT,
    accountName: accountName(ACCOUNT),
    nameConfirmed: true,
    amount: '4200',
    narration: 'Invoice 42, bread',
    recipientEmail: null,
    submit: true,
  })
  await page.reload()
  await go('#/payouts')
  const card = page.getByTestId('payout-row').filter({ hasText: '₦4,200.00' })
  await expect(card).toContainText('Invoice 42, bread')
  await expect(card).toContainText('First City Monument Bank')
  expect(await layoutProblems(page)).toEqual([])
  await shot('5-outbox')
})

test('1 and 2: a supervisor lands on Approvals; the PIN pad covers nothing at 1280×800', async () => {
  await signIn(page, SUPERVISOR)
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible()
  await expect(page.getByTestId('nav-approvals-count')).toHaveText(/^[1-9]\d*$/)
  await expect(page.getByTestId('status-approvals')).toContainText(/[1-9]\d* approvals? waiting/)
  await page.getByTestId('queue-item').filter({ hasText: '₦3,517.00' }).click()
  await expect(page.getByTestId('bound-details')).toContainText('₦3,517.00')
  expect(await overlaps('[data-testid="bound-details"]', '.po-decision__form')).toBe(false)
  expect(await layoutProblems(page)).toEqual([])
  await shot('1-approvals-1280')
  // And at the other till sizes.
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1366, height: 768 },
  ]) {
    await page.setViewportSize(size)
    expect(await overlaps('[data-testid="bound-details"]', '.po-decision__form')).toBe(false)
    expect(await layoutProblems(page)).toEqual([])
  }
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('5: with no narration, the approval reads "For: Supplier payment", said once', async () => {
  const details = page.getByTestId('bound-details')
  await expect(details).toContainText('Supplier payment')
  await expect(details).not.toContainText('Supplier payment: Supplier payment')
})

test('2: with nothing waiting, a supervisor starts on Collect', async () => {
  const list = (await invoke('payouts.list', undefined)) as {
    items: Array<{ reference: string; state: string }>
  }
  for (const item of list.items.filter((i) => i.state === 'awaiting_approval'))
    await invoke('payouts.reject', {
      reference: item.reference,
      pin: SUPERVISOR.pin,
      reason: 'Clearing the queue for this check',
    })
  await signIn(page, CASHIER)
  await signIn(page, SUPERVISOR)
  await expect(page.getByRole('heading', { level: 1, name: 'Collect' })).toBeVisible()
  await expect(page.getByTestId('nav-approvals-count')).toHaveCount(0)
})

test('8: Reports uses the glossary’s words: Payouts, and Paid / Received', async () => {
  await go('#/reports')
  const tabs = page.getByRole('tablist', { name: 'Reports' })
  await expect(tabs.getByRole('tab', { name: 'Disbursements' })).toHaveCount(0)
  await tabs.getByRole('tab', { name: 'Payouts' }).click()
  await expect(page.getByRole('option', { name: 'Success' })).toHaveCount(0)
  await expect(page.getByRole('option', { name: 'Paid' })).toHaveCount(1)
})

test('10: Reports opens on a list with totals', async () => {
  await go('#/collect')
  await go('#/reports')
  await expect(page.getByRole('tab', { selected: true })).toHaveText('Transfers in')
  await expect(page.getByTestId('report-totals')).toContainText('₦')
})

test('7: dates are typed day first, never the browser’s mm/dd/yyyy', async () => {
  for (const screen of ['#/reports', '#/history']) {
    await go(screen)
    await expect(page.getByLabel('From', { exact: true })).toBeVisible()
    await expect(page.locator('input[type="date"]')).toHaveCount(0)
    await expect(page.getByLabel('From', { exact: true })).toHaveAttribute(
      'placeholder',
      'dd/mm/yyyy',
    )
  }
  await page.getByLabel('From', { exact: true }).fill('31/13/2026')
  await page.getByRole('button', { name: 'Show' }).click()
  await expect(page.getByText('Use a date like 24/11/2026.')).toBeVisible()
})

test('10: transfers are said in words, not jargon like "Counted"', async () => {
  await go('#/history')
  await expect(page.getByTestId('history-row').first()).toBeVisible()
  await expect(page.getByText('Counted', { exact: true })).toHaveCount(0)
  // Customers by name, not only by a reference like TD-MWT…
  await expect(
    page.getByTestId('history-row').filter({ hasText: 'Ngozi Okafor' }).first(),
  ).toBeVisible()
})

test('6 and 10: Settings: no Disable or Remove on your own row; intervals in seconds', async () => {
  await signIn(page)
  await go('#/settings/users')
  const own = page.getByRole('row', { name: new RegExp(ADMIN.name) })
  await expect(own).toBeVisible()
  await expect(own.getByRole('button', { name: /Disable|Remove/ })).toHaveCount(0)
  // Others' rows keep them.
  await expect(
    page
      .getByRole('row', { name: new RegExp(CASHIER.name) })
      .getByRole('button', { name: 'Disable' }),
  ).toBeVisible()
  await go('#/settings/till')
  await expect(page.getByText(/milliseconds/)).toHaveCount(0)
  await expect(page.getByLabel(/seconds/).first()).toBeVisible()
})

test('10: the audit log says it is verified without a bare seal hash', async () => {
  await go('#/approvals')
  await page.getByRole('tab', { name: 'Audit log' }).click()
  await expect(page.getByText(/untampered|verified/i).first()).toBeVisible()
  await expect(page.getByText(/Latest seal/)).toHaveCount(0)
})
