// Steps shared by the payments, refunds, mandates and reports suites: calls through the page's
// own `window.pos` bridge (as the signed-in user, so main's role checks apply), navigation, and
// screenshots for a person to look at.
import type { Page } from '@playwright/test'
import { accountName } from '../../sandbox/data/accounts'
import type { ChannelName, Channels, Envelope, InputOf, ResultOf } from '../../common/ipc'
import type { PageGlobals } from './support'

/** Invokes a channel from the page; resolves to main's envelope (ok or {code, message}). */
export function invoke<K extends ChannelName>(
  page: Page,
  channel: K,
  input: InputOf<Channels[K]>,
): Promise<Envelope<ResultOf<Channels[K]>>> {
  return page.evaluate(
    ([name, value]) =>
      (globalThis as unknown as PageGlobals).pos.invoke(
        name as ChannelName,
        value as never,
      ) as Promise<Envelope<unknown>>,
    [channel, input] as const,
  ) as Promise<Envelope<ResultOf<Channels[K]>>>
}

/** Like invoke, but throws main's message when the call fails. */
export async function must<K extends ChannelName>(
  page: Page,
  channel: K,
  input: InputOf<Channels[K]>,
): Promise<ResultOf<Channels[K]>> {
  const envelope = await invoke(page, channel, input)
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code}: ${envelope.error.message}`)
  return envelope.value
}

export async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate(
    (route) => ((globalThis as unknown as PageGlobals).location.hash = route),
    hash,
  )
}

/** A checkout payment the demo customer has paid; returns its reference. */
export async function paidPayment(
  page: Page,
  amount: string,
  email = 'buyer@example.com',
): Promise<string> {
  const started = await must(page, 'payments.start', {
    email,
    amount,
    currency: 'NGN',
    customerName: 'Test Buyer',
  })
  const paid = await must(page, 'payments.simulate', {
    reference: started.reference,
    outcome: 'success',
  })
  if (paid.status !== 'success') throw new Error(`payment ${started.reference} is ${paid.status}`)
  return started.reference
}

export const shooter =
  (dir: string) =>
  (page: Page, name: string): Promise<Buffer> =>
    page.screenshot({ path: `test-results/${dir}/${name}.png`, fullPage: true })

/** A supplier payout to `account` (a sandbox account), sent for a supervisor's approval. */
export function supplierPayout(page: Page, account: string, amount: string, narration: string) {
  return must(page, 'payouts.draft', {
    purpose: 'supplier',
    bankCode: '058',
    accountNumber: account,
    accountName: accountName(account),
    nameConfirmed: true,
    amount,
    narration,
    recipientEmail: null,
    submit: true,
  })
}

/** On Approvals, opens the first payout waiting to `account`'s holder. */
export async function pickForDecision(page: Page, account: string): Promise<void> {
  await goTo(page, '#/approvals')
  await page
    .getByTestId('queue-item')
    .filter({ hasText: accountName(account) })
    .first()
    .click()
}

/** A year-long mandate (₦20,000, twice a month) on the first bank: created, not activated. */
export async function newMandate(page: Page, customerName: string, customerEmail: string) {
  const banks = await must(page, 'mandates.banks', undefined)
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString()
  return must(page, 'mandates.create', {
    customerName,
    customerEmail,
    bankCode: banks[0]!.code,
    accountNumber: '0123456789',
    startDate: day(0).slice(0, 10),
    endDate: day(365).slice(0, 10),
    maxMonthlyAmount: '20000',
    maxMonthlyDebitCount: '2',
    currency: 'NGN',
  })
}

/** Activates a mandate as the customer does, with the demo bank's code and PIN. */
export async function activateMandate(page: Page, mandateReference: string): Promise<void> {
  await must(page, 'mandates.initiateActivation', { mandateReference })
  await must(page, 'mandates.validateActivation', { mandateReference, otp: '482913', pin: '4321' })
}

/** Approves `payout` with the signed-in supervisor's `pin`, on the details they were shown. */
export function approvePayout(
  page: Page,
  payout: { reference: string; bindingHash: string },
  pin: string,
) {
  return must(page, 'payouts.approve', {
    reference: payout.reference,
    pin,
    bindingHash: payout.bindingHash,
  })
}

/** A payout's state as the outbox lists it (to poll). */
export async function payoutState(page: Page, reference: string): Promise<string | undefined> {
  return (await must(page, 'payouts.list', undefined)).items.find((p) => p.reference === reference)
    ?.state
}
