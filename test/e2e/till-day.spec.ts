// A whole day at the till, at the two sizes tills most often have: the admin checks the setup,
// a cashier opens a shift, collects exactly, part-paid and overpaid, drafts a payout; a
// supervisor approves it; the cashier closes the shift and prints the Z-report. Screens go to
// test-results/till-day/<size>/ for a person to look at.
import { expect, test, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { layoutProblems } from './layout'
import { seriousA11yViolations, signIn, type PageGlobals } from './support'

test.describe.configure({ mode: 'serial' })

const ACCOUNT = '2034567891'

for (const size of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const) {
  test.describe(`a day at ${size.width}×${size.height}`, () => {
    const tag = `${size.width}`
    const CASHIER = { name: `Ife Day${tag}`, pin: '3579', role: 'cashier' as const }
    const SUPERVISOR = { name: `Uche Day${tag}`, pin: '802468', role: 'supervisor' as const }
    const shots = `test-results/till-day/${size.width}x${size.height}`
    let page: Page
    let seq = 0

    test.beforeAll(async ({ browser }) => {
      page = await (await browser.newContext({ viewport: size, acceptDownloads: true })).newPage()
      // Printing opens the system dialog; here it only has to be asked for.
      await page.addInitScript(() => {
        const g = globalThis as unknown as { print: () => void; printed: number }
        g.printed = 0
        g.print = () => {
          g.printed += 1
        }
      })
    })
    test.afterAll(async () => {
      await page.context().close()
    })

    const go = (hash: string) =>
      page.evaluate((h) => ((globalThis as unknown as PageGlobals).location.hash = h), hash)
    const shot = (name: string) => page.screenshot({ path: `${shots}/${name}.png` })
    const fits = async () => expect(await layoutProblems(page)).toEqual([])

    /** Amount first, then a new customer; the instructions open. */
    async function collect(amount: string): Promise<void> {
      await go('#/collect')
      await page.keyboard.press('Escape')
      const due = page.getByRole('textbox', { name: 'Amount due' })
      await due.fill(amount)
      await due.press('Enter')
      await page.getByRole('button', { name: 'New customer' }).click()
      const form = page.getByRole('form', { name: 'New customer' })
      await form.getByLabel('Full name').fill(`Customer ${tag}-${++seq}`)
      await form.getByLabel('E-mail').fill(`day${tag}-${seq}-${Date.now()}@example.com`)
      await form.getByLabel(/BVN/).fill(`222${String(Date.now()).slice(-8)}`)
      await form.getByRole('button', { name: 'Create and show instructions' }).click()
      await expect(page.getByTestId('charge-screen')).toBeVisible()
    }

    async function customerSends(amount: string): Promise<void> {
      const sim = page.getByTestId('demo-simulator')
      await sim.getByLabel('Amount the customer sends').fill(amount)
      await sim.getByRole('button', { name: 'Simulate transfer' }).click()
    }

    test('the admin signs in to the setup checklist or, once set up, the overview', async () => {
      await signIn(page)
      await expect(
        page.getByRole('heading', { name: 'Set this till up' }).or(page.getByTestId('overview')),
      ).toBeVisible()
      await shot('1-admin')
      await fits()
    })

    test('the cashier lands on Collect and opens a shift', async () => {
      await signIn(page, CASHIER)
      await expect(page.getByRole('heading', { level: 1, name: 'Collect' })).toBeVisible()
      await go('#/shift')
      const open = page.getByRole('button', { name: 'Open shift' })
      const close = page.getByRole('button', { name: 'Close shift…' })
      await expect(open.or(close)).toBeVisible()
      // A shift left open by an earlier story is closed first: one shift at a time.
      if (await close.isVisible()) {
        await close.click()
        await page.getByRole('button', { name: 'Close and seal the Z-report' }).click()
        await page.getByRole('button', { name: 'Open the next shift' }).click()
      }
      await page.getByLabel('Cash in the drawer (optional)').fill('5000')
      await page.getByRole('button', { name: 'Open shift' }).click()
      await expect(page.getByRole('heading', { name: 'Shift open' })).toBeVisible()
      await shot('2-shift-open')
      await fits()
      expect(await seriousA11yViolations(page)).toEqual([])
    })

    test('collects exactly: Paid', async () => {
      await collect('2000')
      await customerSends('2000')
      await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paid')
      await shot('3-paid')
      await fits()
    })

    test('collects part, then the balance', async () => {
      await collect('3000')
      await customerSends('1000')
      await expect(page.getByTestId('balance-due')).toContainText('₦2,000.00', {
        timeout: 20_000,
      })
      await shot('4-part-paid')
      await fits()
      await customerSends('2000')
      await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
    })

    test('collects too much, and the cashier records the decision', async () => {
      await collect('1500')
      await customerSends('2000')
      await expect(page.getByTestId('overpaid-by')).toHaveText('Overpaid by ₦500.00', {
        timeout: 20_000,
      })
      await shot('5-overpaid')
      await fits()
      await page.getByText('Keep ₦500.00 as credit').click()
      await page.getByRole('button', { name: 'Record decision' }).click()
      await expect(page.getByRole('button', { name: 'Record decision' })).toHaveCount(0)
    })

    test('drafts a payout and sends it for approval', async () => {
      await go('#/payouts')
      const form = page.getByRole('form', { name: 'New payout' })
      await expect(form.getByText(/Saved list from/)).toBeVisible({ timeout: 20_000 })
      await form.getByRole('combobox', { name: 'Bank' }).fill('first city')
      await expect(page.getByRole('option', { name: /First City Monument Bank/ })).toBeVisible()
      await form.getByRole('combobox', { name: 'Bank' }).press('Enter')
      await form.getByLabel('Account number').fill(ACCOUNT)
      await expect(form.getByTestId('resolved-name')).toContainText(accountName(ACCOUNT), {
        timeout: 20_000,
      })
      await form.getByText('Yes, this is the person or business I mean to pay').click()
      await form.getByLabel('Amount').fill('1200')
      await form.getByLabel('Narration (optional)').fill(`Bread delivery ${tag}`)
      await form.getByRole('button', { name: 'Send for approval' }).click()
      await expect(
        page.getByTestId('payout-row').filter({ hasText: `Bread delivery ${tag}` }),
      ).toBeVisible()
      await shot('6-payout-drafted')
      await fits()
    })

    test('the supervisor lands on Approvals, reads every detail and approves', async () => {
      await signIn(page, SUPERVISOR)
      await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible()
      await page.getByTestId('queue-item').filter({ hasText: '₦1,200.00' }).first().click()
      const details = page.getByTestId('bound-details')
      await expect(details).toContainText(`Supplier payment: Bread delivery ${tag}`)
      await expect(details).toContainText('First City Monument Bank')
      await shot('7-approval')
      await fits()
      await page.getByLabel('Your PIN, to sign this decision').fill(SUPERVISOR.pin)
      await page.getByRole('button', { name: 'Approve ₦1,200.00' }).click()
      await expect(page.getByText(/₦1,200.00 to .* approved/)).toBeVisible()
    })

    test('the cashier closes the shift and prints the Z-report', async () => {
      await signIn(page, CASHIER)
      await go('#/shift')
      await page.getByRole('button', { name: 'X-report' }).click()
      await expect(page.getByTestId('shift-report')).toContainText('X-report')
      await page.getByRole('button', { name: 'Close shift…' }).click()
      await page.getByRole('button', { name: 'Close and seal the Z-report' }).click()
      const report = page.getByTestId('shift-report')
      await expect(report).toContainText(/Z-report \d+/)
      await expect(report).toContainText('Verified')
      await expect(report.getByRole('table', { name: 'Collections' }).first()).toContainText(
        'Part-paid',
      )
      await shot('8-z-report')
      await fits()
      await report.getByRole('button', { name: 'Print 80 mm' }).click()
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { printed: number }).printed))
        .toBe(1)
      const csv = page.waitForEvent('download')
      await report.getByRole('button', { name: 'Save CSV' }).click()
      expect((await csv).suggestedFilename()).toMatch(/\.csv$/)
      expect(await seriousA11yViolations(page)).toEqual([])
    })
  })
}
