// The words around the work (issue 23), as a new shop meets them: the PIN rules said the same
// way in the hint, the live check and main's refusal; a refusal said once, beside its field, and
// gone as soon as the field is right; one sentence for a zero amount; transfers and reports that
// name the day with the time; what to do after "Customer says it's sent"; the approval seen whole
// without scrolling; nothing past its box at 1024×768; the customer display's link named; and
// the Demo's outage button telling the gateway's state. Screens go to test-results/words/.
import { expect, test, type Page } from '@playwright/test'
import { goTo, must, pickForDecision, shooter, supplierPayout } from './gateway-support'
import { layoutProblems, textLines } from './layout'
import { ADMIN, endOutage, signIn, startOwnPreview, uniqueBvn } from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Bisi Words', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Emeka Words', pin: '864213', role: 'supervisor' as const }
const ACCOUNT = '4056789123'
const shot = shooter('words')
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
})
test.afterAll(async () => {
  await endOutage(page)
  await page.context().close()
})

/** Every element on the page whose own text is exactly `text`. */
const said = (text: string) => page.getByText(text, { exact: true })

test('1–4: first run says the admin’s PIN rule once, in the hint and beside the field, and the error goes as the PIN is fixed', async ({
  browser,
}) => {
  // A brand-new till: a preview of its own.
  const own = await startOwnPreview()
  const first = await (await browser.newContext({ baseURL: own.origin })).newPage()
  try {
    await first.goto(own.url)
    await first.getByLabel('Till name').fill('Front counter')
    await first.getByRole('button', { name: 'Continue' }).click()
    await first.getByLabel('Your name').fill(ADMIN.name)
    const pin = first.getByLabel('PIN', { exact: true })
    await expect(first.getByText('6 to 8 digits. You type it to sign in.')).toBeVisible()
    await pin.fill('1234')
    await first.getByLabel('PIN again').fill('1234')
    await first.getByRole('button', { name: 'Create admin and start' }).click()
    const refusal = first.getByText('An admin’s PIN needs at least 6 digits.', { exact: true })
    await expect(refusal).toHaveCount(1)
    await expect(first.getByText(/needs at least/)).toHaveCount(1)
    await shot(first, 'first-run-short-pin')
    // Fixed, not yet sent again: the error is gone.
    await pin.fill('123456')
    await expect(first.getByText(/needs at least/)).toHaveCount(0)
    await first.getByLabel('PIN again').fill('123456')
    await first.getByRole('button', { name: 'Create admin and start' }).click()
    await expect(first.getByTestId('status-user')).toContainText(ADMIN.name)
  } finally {
    await first.context().close()
    await own.close()
  }
})

test('1–4: Settings → Users gives the role’s own PIN rule, says a refusal once and clears it', async () => {
  await signIn(page)
  await goTo(page, '#/settings/users')
  const card = page.locator('.card').filter({ hasText: 'Add a user' }).last()
  await card.getByLabel('Name').fill('Funmi Words')
  await card.getByLabel('Role').selectOption('supervisor')
  await expect(card.getByText('6 to 8 digits. Tell it to them privately.')).toBeVisible()
  await card.getByLabel('PIN').fill('1234')
  await card.getByRole('button', { name: 'Add user' }).click()
  await expect(said('A supervisor’s PIN needs at least 6 digits.')).toHaveCount(1)
  await expect(page.getByText(/highlighted field/)).toHaveCount(0)
  await shot(page, 'users-short-pin')
  await card.getByLabel('PIN').fill('123456')
  await expect(said('A supervisor’s PIN needs at least 6 digits.')).toHaveCount(0)
  // A cashier's rule is 4 digits: the hint follows the role picked.
  await card.getByLabel('Role').selectOption('cashier')
  await expect(card.getByText('4 to 8 digits. Tell it to them privately.')).toBeVisible()
})

test('5: a zero amount is one sentence on Collect and on Payouts', async () => {
  await signIn(page, CASHIER)
  await goTo(page, '#/collect')
  const due = page.getByRole('textbox', { name: 'Amount due' })
  await due.fill('0')
  await due.press('Enter')
  await expect(said('Enter an amount more than zero.')).toHaveCount(1)
  await goTo(page, '#/payouts')
  const amount = page.getByLabel('Amount', { exact: true })
  await amount.fill('0')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(said('Enter an amount more than zero.')).toHaveCount(1)
  await amount.fill('10')
  await expect(said('Enter an amount more than zero.')).toHaveCount(0)
})

/** A new customer's charge of `amount`, on its instructions screen. */
async function openCharge(name: string, amount: string) {
  await signIn(page, CASHIER)
  const customer = await must(page, 'customer.create', {
    name,
    email: `words-${Date.now().toString(36)}@example.com`,
    bvn: uniqueBvn(),
  })
  const charge = await must(page, 'charge.open', {
    accountReference: customer.accountReference,
    amount,
  })
  await goTo(page, `#/instructions/${charge.id}`)
  await expect(page.getByTestId('charge-screen')).toBeVisible()
  return { account: customer.accountReference, chargeId: charge.id }
}

test('8: "Customer says it’s sent" tells the cashier what to do, not how often the till looks', async () => {
  await openCharge('Tunde Words', '3000')
  await page.getByRole('button', { name: 'Customer says it’s sent' }).click()
  await expect(page.getByTestId('says-sent')).toContainText('turns Paid the moment the money')
  await expect(page.getByTestId('says-sent')).not.toContainText(/twice a second|every \d/)
})

test('14: the outage button shows the gateway’s state after the cashier leaves and comes back', async () => {
  const { chargeId } = await openCharge('Halima Words', '2000')
  const sim = page.getByTestId('demo-simulator')
  await sim.getByRole('button', { name: 'Simulate a gateway outage' }).click()
  await expect(sim.getByRole('button', { name: 'End the gateway outage' })).toBeVisible()
  await goTo(page, '#/collect')
  await expect(page.getByRole('heading', { level: 1, name: 'Collect' })).toBeVisible()
  await goTo(page, `#/instructions/${chargeId}`)
  await expect(sim.getByRole('button', { name: 'End the gateway outage' })).toBeVisible()
  await sim.getByRole('button', { name: 'End the gateway outage' }).click()
  await expect(sim.getByRole('button', { name: 'Simulate a gateway outage' })).toBeVisible()
})

test('10, 6, 7: a part-payment: its balance inside its entry at 1024×768, its words and its day on Transfers', async () => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const { account } = await openCharge('Chiamaka Words-Okafor', '20000')
  await must(page, 'demo.simulateTransfer', { accountReference: account, amount: '5000' })
  await expect(page.getByTestId('balance-due')).toContainText('₦15,000.00', { timeout: 20_000 })

  await goTo(page, '#/collect')
  const entry = page.locator('.mini-list__item').filter({ hasText: 'Chiamaka Words-Okafor' })
  await expect(entry).toContainText('Balance ₦15,000.00')
  const box = await entry.boundingBox()
  const badge = await entry.locator('.badge').boundingBox()
  expect(box && badge && badge.x + badge.width <= box.x + box.width).toBe(true)
  expect(await layoutProblems(page)).toEqual([])
  await shot(page, 'collect-open-charges-1024')

  // Transfers calls it a transfer for a charge (not "Paid") and names the day.
  await goTo(page, `#/history/${account}`)
  const row = page.getByTestId('history-row').first()
  await expect(row).toContainText('For a charge', { timeout: 20_000 })
  await expect(row).not.toContainText('Paid a charge')
  await expect(row.locator('td').first()).toHaveText(
    /^(Today|Yesterday|\d{1,2} \w{3} \d{4}), \d\d:\d\d$/,
  )
  // The reference a person matches against the bank statement reads in at most two lines (it
  // broke over three at 1024 px while the narration kept its column).
  const referenceLines = await textLines(row.locator('td').nth(5))
  expect(referenceLines).toBeLessThanOrEqual(2)
  await shot(page, 'transfers-1024')
})

test('11: the customer display’s link in the preview is named by its address', async () => {
  await signIn(page, CASHIER)
  await goTo(page, '#/collect')
  await page.getByRole('button', { name: 'Customer display' }).click()
  await expect(page.getByRole('link', { name: /customer-display/ })).toBeVisible()
})

test('9: the supervisor sees every detail of the payout and Approve without scrolling at 1280×800', async () => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await signIn(page, CASHIER)
  await supplierPayout(page, ACCOUNT, '7250', 'Words supplier invoice 23')
  // A transfer in today, for Reports below.
  const customer = await must(page, 'customer.create', {
    name: 'Ngozi Words',
    email: `words-report-${Date.now().toString(36)}@example.com`,
    bvn: uniqueBvn(),
  })
  await must(page, 'demo.simulateTransfer', {
    accountReference: customer.accountReference,
    amount: '1000',
  })
  await signIn(page, SUPERVISOR)
  const details = page.getByTestId('bound-details')
  const approve = page.getByRole('button', { name: /^Approve / })
  // At 1280×800 everything the approval binds and the button; at 1024×768 every detail. Each
  // as the screen first shows it (the PIN pad takes the focus), without scrolling.
  for (const [size, parts] of [
    [{ width: 1280, height: 800 }, [details, approve]],
    [{ width: 1024, height: 768 }, [details]],
  ] as const) {
    await page.setViewportSize(size)
    await goTo(page, '#/collect')
    await pickForDecision(page, ACCOUNT)
    await expect(details).toContainText('Words supplier invoice 23')
    await shot(page, `approval-${size.width}`)
    // The screen's own area: the status bar covers the window's last lines.
    const screen = (await page.locator('#main-content').boundingBox())!
    for (const part of parts) {
      const box = await part.boundingBox()
      expect(box, `${size.width}: ${await part.textContent()}`).not.toBeNull()
      expect(box!.y + box!.height, `${size.width}×${size.height}`).toBeLessThanOrEqual(
        screen.y + screen.height,
      )
    }
    expect(await layoutProblems(page), `${size.width}×${size.height}`).toEqual([])
  }

  // 7: Reports (a supervisor's screen) name the day with every time too.
  await goTo(page, '#/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()
  // The transfer taken in above is today's.
  await expect(page.getByText(/^Today, \d\d:\d\d$/).first()).toBeVisible({ timeout: 20_000 })
  await shot(page, 'reports-1024')
})
