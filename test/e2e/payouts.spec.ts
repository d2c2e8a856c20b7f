// Payouts end to end in Chromium through the preview on the embedded Demo sandbox: a cashier
// drafts a supplier payment while the gateway is down, a second cashier can't approve it, a
// supervisor approves it (still offline), the connection returns, the payout is sent and
// reaches Paid, and the audit log shows every step. Screens are captured in
// test-results/payouts/ for a human to look at.
import { expect, test, type Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { accountName } from '../../sandbox/data/accounts'
import { seriousA11yViolations, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Adebayo', pin: '2468', role: 'cashier' as const }
const CASHIER_2 = { name: 'Tunde Okoro', pin: '1357', role: 'cashier' as const }
const SUPERVISOR = { name: 'Grace Eze', pin: '975310', role: 'supervisor' as const }
const ACCOUNT = '2034567891'
const HOLDER = accountName(ACCOUNT)
const SHOTS = 'test-results/payouts'

let page: Page
let reference = ''

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ acceptDownloads: true })).newPage()
})
test.afterAll(async () => {
  await outage(false).catch(() => undefined)
  await page.context().close()
})

/** The bits of the page a screenshot needs (this tsconfig has no DOM types). */
interface Scrollable {
  document: { getElementById(id: string): { scrollTo(x: number, y: number): void } | null }
  scrollTo(x: number, y: number): void
}

/** Captures what the person sees first: the screen scrolled to its top. */
async function shot(name: string): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as Scrollable
    g.document.getElementById('main-content')?.scrollTo(0, 0)
    g.scrollTo(0, 0)
  })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

async function go(hash: string): Promise<void> {
  await page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
}

/** The Demo gateway's training switch: every gateway call fails until turned off. */
async function outage(active: boolean): Promise<void> {
  await page.evaluate(async (on) => {
    const envelope = await (globalThis as unknown as PageGlobals).pos.invoke(
      'demo.simulateOutage',
      { active: on },
    )
    if (!envelope.ok) throw new Error(envelope.error.message)
  }, active)
}

const row = () => page.getByTestId('payout-row').filter({ hasText: reference })

test('a cashier drafts a payout while the gateway is down', async () => {
  await signIn(page, CASHIER)
  await go('#/payouts')
  const form = page.getByRole('form', { name: 'New payout' })
  // The bank list is saved while online, so it is there when the gateway is not.
  await expect(form.getByText(/Saved list from .*; works offline\./)).toBeVisible({
    timeout: 20_000,
  })
  await outage(true)

  await form.getByRole('combobox', { name: 'Bank' }).fill('gtb')
  await expect(page.getByRole('option', { name: /Guaranty Trust Bank/ })).toBeVisible()
  await form.getByRole('combobox', { name: 'Bank' }).press('Enter')
  await expect(form.getByText('code 058')).toBeVisible()
  await form.getByLabel('Account number').fill(ACCOUNT)
  await expect(form.getByText('Can’t check the name with the bank right now')).toBeVisible()
  await expect(form.getByRole('button', { name: 'Send for approval' })).toBeDisabled()
  await form
    .getByLabel('Account holder’s name (as the customer gave it)')
    .fill(HOLDER.toLowerCase())
  await form.getByLabel('Amount').fill('25000')
  await form.getByLabel('Narration (optional)').fill('Invoice 1042, rice')
  await shot('1-cashier-drafts-offline')
  expect(await seriousA11yViolations(page)).toEqual([])

  await form.getByRole('button', { name: 'Send for approval' }).click()
  const done = form.getByRole('status').filter({ hasText: 'Waiting for approval' })
  await expect(done).toContainText(`₦25,000.00 to ${HOLDER.toLowerCase()}`)
  reference = (await done.locator('.mono').textContent()) ?? ''
  expect(reference).toMatch(/^TDP-/)
  await expect(row().getByTestId('payout-state')).toHaveText('Waiting for approval')
  await expect(page.getByTestId('status-outbox')).toContainText(/Outbox [1-9]/)
  await shot('2-outbox-waiting-for-approval')
})

test('a second cashier cannot approve it', async () => {
  await signIn(page, CASHIER_2)
  await go('#/approvals')
  await expect(
    page.getByRole('heading', { name: /Approvals needs a supervisor profile/ }),
  ).toBeVisible()
  // Not just hidden: main refuses the call itself.
  const refused = await page.evaluate(
    async ({ ref }) => {
      const envelope = await (globalThis as unknown as PageGlobals).pos.invoke('payouts.approve', {
        reference: ref,
        pin: '1357',
        bindingHash: '0'.repeat(64),
      })
      return envelope.ok ? null : envelope.error.code
    },
    { ref: reference },
  )
  expect(refused).toBe('forbidden_role')
  await shot('3-second-cashier-refused')
  await go('#/payouts')
  await expect(row()).toBeVisible()
  await expect(row().getByRole('button', { name: /Approve/ })).toHaveCount(0)
})

test('a supervisor approves it, still offline, re-entering the PIN', async () => {
  await signIn(page, SUPERVISOR)
  await go('#/approvals')
  await expect(
    page.getByText('Offline: approvals still work').or(page.getByTestId('bound-details')).first(),
  ).toBeVisible()
  await page.getByTestId('queue-item').filter({ hasText: HOLDER.toLowerCase() }).click()
  const details = page.getByTestId('bound-details')
  await expect(details).toContainText('₦25,000.00')
  await expect(details).toContainText(reference)
  await expect(details).toContainText('Typed by the cashier')
  await page.getByLabel('Your PIN, to sign this decision').fill('0000')
  await page.getByRole('button', { name: 'Approve ₦25,000.00' }).click()
  await expect(page.getByText(/Wrong PIN/)).toBeVisible()
  await page.getByLabel('Your PIN, to sign this decision').fill(SUPERVISOR.pin)
  await shot('4-supervisor-checks-details')
  expect(await seriousA11yViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Approve ₦25,000.00' }).click()
  await expect(page.getByText(`₦25,000.00 to ${HOLDER.toLowerCase()} approved`)).toBeVisible()

  await go('#/payouts')
  await expect(row().getByTestId('payout-state')).toHaveText('Approved')
  // The sender waits for the bank to answer the name check before anything is sent.
  await expect(row()).toContainText('Waiting to check the name with the bank', { timeout: 20_000 })
  await shot('5-approved-waiting-for-gateway')
})

test('the connection returns: the payout is sent and reaches Paid', async () => {
  await outage(false)
  await page.getByRole('button', { name: 'Retry now' }).click()
  await expect(row().getByTestId('payout-state')).toHaveText('Paid', { timeout: 45_000 })
  await expect(row()).toContainText('The bank confirmed the payment.')
  await shot('6-paid')
})

test('the audit log shows every step, verified, and exports', async () => {
  await go('#/approvals')
  await page.getByRole('tab', { name: 'Audit log' }).click()
  await expect(page.getByTestId('audit-verified')).toContainText('Verified: all')
  const rows = page.getByTestId('audit-table').locator('tbody tr').filter({ hasText: reference })
  const steps = (await rows.allTextContents()).reverse().join('\n')
  for (const [who, what] of [
    [CASHIER.name, 'Created'],
    [CASHIER.name, 'Sent for approval'],
    [SUPERVISOR.name, 'Approved'],
    ['Tilldesk', 'Sending to the gateway'],
    ['Tilldesk', 'Accepted by the gateway'],
    ['Tilldesk', 'Paid'],
  ] as const) {
    expect(steps).toMatch(new RegExp(`${who}[\\s\\S]*${what}`))
  }
  const order = [
    'Created',
    'Sent for approval',
    'Approved',
    'Sending to the gateway',
    'Accepted by the gateway',
    'Paid',
  ]
  const positions = order.map((step) => steps.indexOf(step))
  expect(positions).toEqual([...positions].sort((a, b) => a - b))
  await shot('7-audit-log')

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^tilldesk-payouts-audit-.*\.jsonl$/)
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n')
  const records = lines.map(
    (line) => JSON.parse(line) as { seq: number; prev: string; hash: string },
  )
  expect(records.length).toBeGreaterThanOrEqual(6)
  // Each record seals the one before it.
  for (let i = 1; i < records.length; i++) expect(records[i]!.prev).toBe(records[i - 1]!.hash)
})

test('supervisors see the limits (including the split rule); only an admin may change them', async () => {
  await go('#/approvals')
  await page.getByRole('tab', { name: 'Limits' }).click()
  const form = page.getByRole('form', { name: 'Payout limits' })
  await expect(form.getByText('Only an admin can change these.')).toBeVisible()
  await expect(form.getByRole('group', { name: /Cashier/ }).getByLabel('Per payout')).toBeDisabled()
  await expect(page.getByText(/splitting a payout does not get around/)).toBeVisible()
  await shot('8-limits')
})
