// Axe on every state a person meets, not only each screen's first: errors beside fields, open
// dialogs, banners, the offline notice, the lock screen, the approval with its reject dialog and
// the customer display, each in light and dark and at 100 % and 150 % text. No serious or
// critical violation anywhere. Screens go to test-results/a11y-states/ for a person to look at.
import { expect, test, type Page } from '@playwright/test'
import { goTo, must, pickForDecision, supplierPayout } from './gateway-support'
import {
  endOutage,
  openCustomerDisplay,
  seriousA11yViolations,
  signIn,
  uniqueBvn,
  type PageGlobals,
} from './support'

test.describe.configure({ mode: 'serial' })

const CASHIER = { name: 'Kemi Axe', pin: '2468', role: 'cashier' as const }
const SUPERVISOR = { name: 'Obi Axe', pin: '975310', role: 'supervisor' as const }
const ACCOUNT = '5067891234'
const LOOKS = [
  { theme: 'light', textSize: 100 },
  { theme: 'dark', textSize: 100 },
  { theme: 'light', textSize: 150 },
  { theme: 'dark', textSize: 150 },
] as const
type Look = (typeof LOOKS)[number]

let page: Page
const problems: string[] = []

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
})
test.afterAll(async () => {
  await endOutage(page)
  const lock = page.getByTestId('lock-screen')
  if (await lock.isVisible().catch(() => false))
    await lock.getByRole('button', { name: /Switch user/ }).click()
  await signIn(page)
  await look(page, { theme: 'light', textSize: 100 })
  await must(page, 'appearance.set', { theme: 'system' })
  await page.context().close()
})

async function look(on: Page, which: Look): Promise<void> {
  await must(on, 'appearance.set', { theme: which.theme, textSize: which.textSize })
  await expect(on.locator('html')).toHaveAttribute('data-theme', which.theme)
  await expect(on.locator('html')).toHaveAttribute('data-text-size', String(which.textSize))
}

/**
 * Axe on the page as it is now, in every look; `setUp` brings the state back after each, and
 * `reset` (before the look changes) leaves a state main refuses appearance changes in.
 */
async function checkState(
  name: string,
  setUp?: () => Promise<void>,
  on: Page = page,
  reset?: () => Promise<void>,
) {
  for (const which of LOOKS) {
    if (reset) await reset()
    await look(page, which)
    if (setUp) await setUp()
    if (on !== page) await expect(on.locator('html')).toHaveAttribute('data-theme', which.theme)
    // Panels fade in; axe should read their colours, not a frame of the animation.
    await on.waitForTimeout(0)
    await on.evaluate(
      () =>
        new Promise((resolve) =>
          (
            globalThis as unknown as { requestAnimationFrame(f: () => void): void }
          ).requestAnimationFrame(() => resolve(null)),
        ),
    )
    const tag = `${name} (${which.theme}, ${which.textSize} %)`
    await on.screenshot({
      path: `test-results/a11y-states/${name}-${which.theme}-${which.textSize}.png`,
    })
    for (const violation of await seriousA11yViolations(on)) problems.push(`${tag}: ${violation}`)
  }
}

test('a cashier’s refused amount and new customer form', async () => {
  test.setTimeout(180_000)
  await signIn(page, CASHIER)
  await goTo(page, '#/collect')
  const due = page.getByRole('textbox', { name: 'Amount due' })
  await due.fill('0')
  await due.press('Enter')
  await expect(page.getByText('Enter an amount more than zero.')).toBeVisible()
  await checkState('collect-amount-error')

  await due.fill('2500')
  await due.press('Enter')
  await page.getByRole('button', { name: 'New customer' }).click()
  const form = page.getByRole('form', { name: 'New customer' })
  await form.getByLabel(/BVN/).fill('123')
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(form.getByText(/A BVN is 11 digits/)).toBeVisible()
  await checkState('new-customer-errors')
})

test('the instructions: after "Customer says it’s sent", offline, and the cancel dialog', async () => {
  test.setTimeout(180_000)
  const form = page.getByRole('form', { name: 'New customer' })
  await form.getByLabel('Full name').fill('Kunle Axe-Adeyemi')
  await form.getByLabel('E-mail').fill(`axe${Date.now()}@example.com`)
  await form.getByLabel(/BVN/).fill(uniqueBvn())
  await form.getByRole('button', { name: 'Create and show instructions' }).click()
  await expect(page.getByTestId('charge-screen')).toBeVisible()
  await page.getByRole('button', { name: 'Customer says it’s sent' }).click()
  await expect(page.getByTestId('says-sent')).toContainText('Paid')
  await checkState('instructions-says-sent')

  // Offline: the status bar, the banner and the training control all change.
  await page.getByRole('button', { name: 'Simulate a gateway outage' }).click()
  await expect(page.getByLabel('Status', { exact: true })).toContainText('Offline', {
    timeout: 20_000,
  })
  await checkState('instructions-offline')
  await page.getByRole('button', { name: 'End the gateway outage' }).click()

  // The cancel dialog.
  await checkState('cancel-dialog', async () => {
    if (!(await page.getByRole('dialog').isVisible()))
      await page.getByRole('button', { name: 'Cancel charge' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  })
  await page.keyboard.press('Escape')
})

test('part-paid and paid, on the till and on the customer display', async () => {
  test.setTimeout(180_000)
  // The part-paid and paid states, and the customer display beside them.
  const display = await openCustomerDisplay(page)
  const charge = page.getByTestId('charge-screen')
  const reference = await page.evaluate(() => {
    const hash = (globalThis as unknown as PageGlobals).location.hash
    return hash.split('/').pop() ?? ''
  })
  await must(page, 'customerDisplay.show', { chargeId: reference })
  const sim = page.getByTestId('demo-simulator')
  await sim.getByLabel('Amount the customer sends').fill('1000')
  await sim.getByRole('button', { name: 'Simulate transfer' }).click()
  await expect(page.getByTestId('balance-due')).toBeVisible({ timeout: 20_000 })
  await checkState('part-paid')
  await checkState('customer-display-part-paid', undefined, display)
  await sim.getByLabel('Amount the customer sends').fill('1500')
  await sim.getByRole('button', { name: 'Simulate transfer' }).click()
  await expect(page.getByTestId('paid-panel')).toBeVisible({ timeout: 20_000 })
  await expect(charge).toBeVisible()
  await checkState('paid')
  await checkState('customer-display-paid', undefined, display)
  await display.close()
})

test('a refused payout form and the change-PIN dialog', async () => {
  test.setTimeout(180_000)

  // A payout form refused beside its fields.
  await goTo(page, '#/payouts')
  await page.getByLabel('Amount', { exact: true }).fill('0')
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page.getByText('Enter an amount more than zero.')).toBeVisible()
  await checkState('payout-errors')

  // The change-PIN dialog, refused.
  await checkState('change-pin-dialog', async () => {
    if (await page.getByRole('dialog').isVisible()) return
    await page.getByRole('button', { name: new RegExp(CASHIER.name) }).click()
    await page.getByRole('button', { name: 'Change my PIN' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('New PIN', { exact: true }).fill('12')
    await dialog.getByRole('button', { name: 'Change PIN' }).click()
    await expect(dialog.getByText(/needs at least|at least 4/)).toBeVisible()
  })
  await page.keyboard.press('Escape')
})

test('the lock screen, with a wrong PIN said on it', async () => {
  test.setTimeout(180_000)
  const lock = page.getByTestId('lock-screen')
  // A locked till takes no appearance change: unlocked before each look, locked again after.
  const unlock = async () => {
    if (!(await lock.isVisible())) return
    await lock.getByLabel(`PIN for ${CASHIER.name}`).fill(CASHIER.pin)
    await lock.getByRole('button', { name: 'Unlock' }).click()
    await expect(lock).toHaveCount(0)
  }
  await checkState(
    'lock-screen',
    async () => {
      await page.keyboard.press('Control+Shift+K')
      await expect(lock).toBeVisible()
      await lock.getByLabel(`PIN for ${CASHIER.name}`).fill('0000')
      await lock.getByRole('button', { name: 'Unlock' }).click()
      await expect(lock.getByText(/Wrong PIN/)).toBeVisible()
    },
    page,
    unlock,
  )
  await unlock()
})

test('a supervisor’s approval with a wrong PIN, and its reject dialog', async () => {
  test.setTimeout(180_000)
  await supplierPayout(page, ACCOUNT, '4100', 'Axe check payout')
  await signIn(page, SUPERVISOR)
  await pickForDecision(page, ACCOUNT)
  await expect(page.getByTestId('bound-details')).toContainText('Axe check payout')
  await page.getByLabel('Your PIN, to sign this decision').fill('000000')
  await page.getByRole('button', { name: /^Approve / }).click()
  await expect(page.getByText(/Wrong PIN/)).toBeVisible()
  await checkState('approval-wrong-pin')
  await checkState('reject-dialog', async () => {
    if (await page.getByRole('dialog').isVisible()) return
    await page.getByLabel('Your PIN, to sign this decision').fill(SUPERVISOR.pin)
    await page.getByRole('button', { name: 'Reject…' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
  })
  await page.keyboard.press('Escape')
})

test('an admin’s refused new user', async () => {
  test.setTimeout(120_000)
  await signIn(page)
  await goTo(page, '#/settings/users')
  const card = page.locator('.card').filter({ hasText: 'Add a user' }).last()
  await card.getByLabel('Role').selectOption('supervisor')
  await card.getByLabel('PIN').fill('1234')
  await card.getByRole('button', { name: 'Add user' }).click()
  await expect(page.getByText('A supervisor’s PIN needs at least 6 digits.')).toBeVisible()
  await checkState('users-refused')
})

test('no serious or critical violation in any of those states', () => {
  expect(problems).toEqual([])
})
