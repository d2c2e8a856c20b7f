// The French walk: a new till set up in French, then every screen and dialog a cashier, a
// supervisor and an admin meet (first run, sign-in with a wrong PIN, Collect, the instructions,
// Paid and its receipt, the customer display, Payouts, Approvals, Transfers, Reports, hosted
// payments, refunds, mandates and a debit, the shop, the change-PIN dialog, the shift with its
// X- and Z-reports, every Settings section, the lock screen), failing on any word of
// the English catalogue on screen: visible text, and the names, hints and titles read aloud
// (aria-label, placeholder, title, alt). What people typed and the banks' names are data, not
// words of a language, and are left out. The same walk in English saves the same screenshots,
// at 1024x768, under test-results/screens/ for a person to compare.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import { catalogueOf } from '../support/english-words'
import { dataOnScreen, expectNoEnglish, PEOPLE, switchTo } from './french-words'
import { activateMandate, goTo, must, newMandate, paidPayment } from './gateway-support'
import { startOwnPreview } from './support'

test.describe.configure({ mode: 'serial' })

const { admin: ADMIN, supervisor: SUPERVISOR, cashier: CASHIER, customer: CUSTOMER } = PEOPLE
const ACCOUNT = '3045678912'
const TILL = PEOPLE.till

/** Data on screen that is nobody's language: people, the till, banks, the payee. */
const DATA = dataOnScreen(
  accountName(ACCOUNT),
  // The demo bank's narration for a transfer (sandbox/state/virtualAccounts.ts): the bank's.
  'Transfer to',
)

type Language = 'en' | 'fr'

function walker(page: Page, language: Language) {
  return async (where: string, shot?: string) => {
    await expect(page.locator('.spinner')).toHaveCount(0)
    // Each line that has English in it, with its words: what to fix, at a glance.
    if (language === 'fr') await expectNoEnglish(page, where, DATA)
    if (shot) await page.screenshot({ path: `test-results/screens/${language}-${shot}.png` })
  }
}

/**
 * Presses a form's review button, looks at the confirmation dialog, and confirms it by its
 * button ("Refund ₦5,000.00": `confirm` is the catalogue's text, its amount left out).
 */
async function reviewAndConfirm(
  form: Locator,
  review: string,
  confirm: string,
  look: () => Promise<void>,
): Promise<void> {
  await form.getByRole('button', { name: review }).click()
  const dialog = form.page().getByRole('dialog')
  await expect(dialog).toBeVisible()
  await look()
  await dialog.getByRole('button', { name: new RegExp(`^${confirm.split('{{')[0]}`) }).click()
}

for (const language of ['fr', 'en'] as const) {
  test(`the walk in ${language === 'fr' ? 'French: no English word on any screen' : 'English'}`, async ({
    browser,
  }) => {
    test.setTimeout(420_000)
    const w = catalogueOf(language)
    const own = await startOwnPreview()
    const context = await browser.newContext({ baseURL: own.origin })
    try {
      const page = await context.newPage()
      await page.setViewportSize({ width: 1024, height: 768 })
      const look = walker(page, language)

      // First run, in the till's language from its first screen.
      await page.goto(own.url)
      await page.getByRole('radio', { name: language === 'fr' ? 'Français' : 'English' }).check()
      await expect(page.getByRole('heading', { name: w.firstRun.welcome })).toBeVisible()
      await look('first run: the till', 'first-run')
      await page.getByLabel(w.firstRun.tillName).fill(TILL)
      await page.getByRole('button', { name: w.common.continue }).click()
      await page.getByLabel(w.firstRun.yourName).fill(ADMIN.name)
      await page.getByLabel(w.components.pin, { exact: true }).fill('1234')
      await page.getByLabel(w.firstRun.pinAgain).fill('1234')
      await page.getByRole('button', { name: w.firstRun.submit }).click()
      // The admin's form whole in the window, its refusal and the button with it: nothing to
      // scroll to on a 1024x768 till.
      for (const part of [
        page.getByLabel(w.firstRun.yourName),
        page.getByLabel(w.firstRun.pinAgain),
        page.getByRole('button', { name: w.firstRun.submit }),
      ])
        await expect(part).toBeInViewport({ ratio: 1 })
      await look('first run: a PIN too short for an admin', 'first-run-admin')
      await page.getByLabel(w.components.pin, { exact: true }).fill(ADMIN.pin)
      await page.getByLabel(w.firstRun.pinAgain).fill(ADMIN.pin)
      await page.getByRole('button', { name: w.firstRun.submit }).click()
      await expect(page.getByTestId('status-user')).toContainText(ADMIN.name)
      await look('the admin’s first screen')

      // The admin: every Settings section, then the staff.
      for (const section of Object.keys(w.settings.sections)) {
        await goTo(page, `#/settings/${section}`)
        await expect(page.locator('.settings__body')).toBeVisible()
        await look(`settings/${section}`)
      }
      for (const person of [SUPERVISOR, CASHIER]) await must(page, 'users.create', person)

      // The cashier: a wrong PIN first (main's refusal), then Collect to Paid.
      await page
        .locator('.app-frame')
        .getByRole('button', { name: new RegExp(w.app.switchUser) })
        .click()
      await page.getByRole('button', { name: new RegExp(`^${CASHIER.name}`) }).click()
      await look('sign-in: who is at the till')
      await page.getByLabel(w.components.pinFor.replace('{{name}}', CASHIER.name)).fill('1111')
      await page.getByRole('button', { name: w.signIn.submit, exact: true }).click()
      await expect(page.getByRole('alert').first()).toBeVisible()
      await look('sign-in: a wrong PIN')
      await page.getByLabel(w.components.pinFor.replace('{{name}}', CASHIER.name)).fill(CASHIER.pin)
      await page.getByRole('button', { name: w.signIn.submit, exact: true }).click()
      await expect(page.getByTestId('status-user')).toContainText(CASHIER.name)

      await goTo(page, '#/shift')
      await page.getByRole('button', { name: w.shift.open }).click()
      await look('shift open')
      await goTo(page, '#/collect')
      await expect(page.getByRole('heading', { name: w.collect.amount.title })).toBeVisible()
      await look('collect: amount', 'collect')
      await page.getByLabel(w.collect.amount.title).fill('20000')
      await page.keyboard.press('Enter')
      await page.getByRole('button', { name: w.collect.customer.new }).click()
      const form = page.getByRole('form', { name: w.collect.customer.new })
      await form.getByLabel(w.collect.create.name).fill(CUSTOMER)
      await form.getByLabel(w.collect.create.email).fill(`fatou${Date.now()}@example.com`)
      await form.getByLabel(/BVN/).fill('2221234567')
      await form.getByRole('button', { name: w.collect.create.submit }).click()
      await look('collect: a new customer with a short BVN')
      await form.getByLabel(/BVN/).fill(`22${Date.now().toString().slice(-9)}`)
      await form.getByRole('button', { name: w.collect.create.submit }).click()
      await expect(page.getByTestId('instructions')).toBeVisible()
      await look('instructions', 'instructions')

      const display = await context.newPage()
      await display.setViewportSize({ width: 1024, height: 768 })
      await display.goto(page.url().replace(/#.*$/, '#/customer-display'))
      await expect(display.getByTestId('customer-display')).toBeVisible()
      await walker(display, language)('customer display', 'customer-display')

      // A part-payment, then the rest: Part-paid, then Paid, with its receipt.
      const demo = page.getByLabel(w.instructions.demo.amount)
      await demo.fill('5000')
      await page.getByRole('button', { name: w.instructions.demo.send, exact: true }).click()
      await expect(page.getByTestId('instructions')).toContainText(/15\D?000/)
      await look('instructions: part-paid', 'part-paid')
      await demo.fill('15000')
      await page.getByRole('button', { name: w.instructions.demo.send, exact: true }).click()
      await expect(page.getByTestId('paid-panel')).toBeVisible()
      await look('paid', 'paid')
      await walker(display, language)('customer display: paid', 'customer-display-paid')
      await display.close()
      await page.getByRole('button', { name: w.instructions.receipt, exact: true }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await look('the receipt', 'receipt')
      await page.keyboard.press('Escape')

      // Payouts: the form, and one sent for approval.
      await goTo(page, '#/payouts')
      await look('payouts', 'payouts')
      await must(page, 'payouts.draft', {
        purpose: 'supplier',
        bankCode: '058',
        accountNumber: ACCOUNT,
        accountName: accountName(ACCOUNT),
        nameConfirmed: true,
        amount: '3500',
        narration: 'Fournitures',
        recipientEmail: null,
        submit: true,
      })
      await goTo(page, '#/collect')
      await goTo(page, '#/payouts')
      await look('payouts: the outbox with a payout waiting')
      await goTo(page, '#/history')
      await look('transfers', 'transfers')

      // The lock screen, then the supervisor.
      await must(page, 'session.lock', undefined)
      await expect(page.getByTestId('lock-screen')).toBeVisible()
      await look('lock screen', 'lock')
      await switchTo(page, language, SUPERVISOR)
      await goTo(page, '#/approvals')
      await page.getByTestId('queue-item').first().click()
      await expect(page.getByLabel(w.approvals.decision.pin)).toBeVisible()
      // The amount in the till's own format (main's text is en-NG: it showed ₦3,500.00).
      await expect(page.getByTestId('bound-details')).toContainText(
        language === 'fr' ? /3\s500,00\sNGN/ : '₦3,500.00',
      )
      await look('approvals: the decision', 'approvals')
      await page.getByRole('tab', { name: w.approvals.tabs.audit }).click()
      await look('approvals: the audit log')
      await page.getByRole('tab', { name: w.approvals.tabs.limits }).click()
      await look('approvals: the limits')
      for (const tab of Object.values(w.reports.tabs)) {
        await goTo(page, '#/reports')
        await page.getByRole('tab', { name: tab }).click()
        await look(`reports: ${tab}`, tab === w.reports.tabs.transfersIn ? 'reports' : undefined)
      }

      // Hosted payments: the form, a payment waiting for the customer, then paid.
      await goTo(page, '#/payments')
      await look('payments: a new payment', 'payments')
      const payment = page.getByRole('form', { name: w.payments.new.form })
      await payment.getByLabel(w.payments.amount, { exact: true }).fill('15000')
      await payment.getByLabel(w.payments.new.email).fill('fatou@example.com')
      await payment.getByRole('button', { name: w.payments.new.create }).click()
      const panel = page.getByTestId('payment-panel')
      await expect(panel).toHaveAttribute('data-status', 'pending')
      await look('payments: waiting for the customer', 'payment-waiting')
      await page.getByRole('button', { name: w.payments.demo.pays }).click()
      await expect(panel).toHaveAttribute('data-status', 'success')
      await look('payments: paid')

      // Refunds: a paid payment's balance, part of it refunded after its review, the history.
      await goTo(page, `#/refunds/${await paidPayment(page, '20000', 'fatou@example.com')}`)
      await expect(page.getByTestId('refundable')).toBeVisible()
      await look('refunds: a paid payment', 'refunds')
      const refund = page.getByRole('form', { name: w.refunds.form.title })
      await refund.getByLabel(w.refunds.form.partial).check()
      await refund.getByLabel(w.refunds.form.amount).fill('5000')
      await refund.getByLabel(w.refunds.reason, { exact: true }).fill('Article rendu')
      await reviewAndConfirm(refund, w.refunds.form.review, w.refunds.confirm.send, () =>
        look('refunds: send this refund?'),
      )
      await expect(page.getByTestId('refund-issued')).toHaveAttribute('data-status', 'success', {
        timeout: 15_000,
      })
      await look('refunds: refunded')
      await page.getByRole('tab', { name: w.refunds.tabs.history }).click()
      await look('refunds: the history')

      // Mandates: the new-mandate form, an active mandate, and a debit collected on it.
      const mandate = await newMandate(page, CUSTOMER, 'fatou@example.com')
      await goTo(page, '#/mandates')
      await page.getByRole('button', { name: w.mandates.list.new, exact: true }).click()
      await look('mandates: a new mandate', 'mandates')
      await page.getByRole('button', { name: w.common.cancel, exact: true }).click()
      await page.getByLabel(w.mandates.lookup.label).fill(mandate.mandateReference)
      await page.getByRole('button', { name: w.mandates.lookup.action, exact: true }).click()
      const detail = page.getByTestId('mandate-detail')
      await expect(detail).toContainText(mandate.mandateReference)
      if ((await detail.getAttribute('data-status')) === 'pending_activation') {
        await look('mandates: to activate with the customer')
        await activateMandate(page, mandate.mandateReference)
      }
      await expect(detail).toHaveAttribute('data-status', 'active')
      await look('mandates: an active mandate')
      const debit = page.getByRole('form', { name: w.mandates.debit.title })
      await debit.getByLabel(w.payments.amount, { exact: true }).fill('12000')
      await debit.getByLabel(w.mandates.debit.narration).fill('Échéance de janvier')
      await reviewAndConfirm(debit, w.mandates.debit.review, w.mandates.debit.collect, () =>
        look('mandates: collect this payment?'),
      )
      await expect(
        page.getByTestId('mandate-debits').locator('[data-status="success"]'),
      ).toBeVisible({ timeout: 15_000 })
      await look('mandates: a debit collected', 'mandate-debit')

      // The shop, as this till (working alone) shows it; and the change-PIN dialog, refused.
      await goTo(page, '#/shop')
      await look('shop', 'shop')
      await page.getByRole('button', { name: new RegExp(SUPERVISOR.name) }).click()
      await page.getByRole('button', { name: w.app.changePin.title }).click()
      const changePin = page.getByRole('dialog')
      await look('the change-PIN dialog', 'change-pin')
      await changePin.getByLabel(w.app.changePin.new, { exact: true }).fill('12')
      await changePin.getByRole('button', { name: w.app.changePin.submit }).click()
      await expect(changePin.getByRole('alert').first()).toBeVisible()
      await look('the change-PIN dialog: a PIN too short')
      await page.keyboard.press('Escape')

      // The shift: X-report, then closed, with its Z-report.
      await goTo(page, '#/shift')
      await page.getByRole('button', { name: w.shift.xReport, exact: true }).click()
      await look('X-report')
      await page.getByRole('button', { name: w.shift.close }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await look('closing the shift')
      await page.getByRole('button', { name: w.shift.closeSeal }).click()
      await expect(page.getByRole('heading', { name: /Z/ }).first()).toBeVisible()
      await look('Z-report', 'z-report')
    } finally {
      await context.close()
      await own.close()
    }
  })
}
