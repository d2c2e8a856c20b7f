// Hosted-checkout payments at the till. The merchant reference is fixed and journalled before
// initialize is sent; the payment is then verified by reference on a schedule until final.
// A customer's redirect is never trusted: only verify's answer changes the status.
import { Email } from '../../common/api/primitives'
import type { Said } from '../../common/ipc/contract'
import type { Environment } from '../../common/ipc/shared'
import type {
  CheckoutOpenResult,
  CheckoutOutcome,
  CheckoutView,
  PaymentStartInput,
} from '../../common/ipc/payments'
import { MoneyError, ZERO, parseUserAmount, type Minor } from '../../common/money'
import { english, refuse } from '../kernel/errors'
import { checkCheckoutUrl } from './checkout-link'
import type { Journal } from './journal'
import { entryFromRecord, isFinalPayment, ownPayment, type PaymentEntry } from './payment-entry'
import { paymentNoticeSay } from './payment-notice'
import { qrMatrix } from './qr'
import { newReference } from './references'
import { KindService, type KindServiceDeps, type Shared } from '../exactly-once/service'
import { paymentKind, type PaymentsGateway } from './payment-kind'
import { askGateway, isoFrom, nowFrom } from './service-basics'

export type { PaymentsGateway } from './payment-kind'

export interface PaymentsServiceDeps extends KindServiceDeps<PaymentsGateway, CheckoutView> {
  journal: Journal<PaymentEntry>
  tillName: () => string
  environment: () => Environment
  /** The active gateway's base URL, for the checkout origin check. */
  gatewayBaseUrl: () => string | null
  /** Electron's shell.openExternal; null where there is no system browser to hand to. */
  openExternal: ((url: string) => Promise<void>) | null
}

export class PaymentsService extends KindService<PaymentEntry, PaymentsGateway, CheckoutView> {
  constructor(private readonly deps: PaymentsServiceDeps) {
    super(paymentKind(deps.tillName), deps.journal, deps)
  }

  async start(input: PaymentStartInput): Promise<CheckoutView> {
    const { email, amount, currency } = validateStart(input)
    const actor = this.deps.actor()
    const reference = newReference('PAY', nowFrom(this.deps))
    const sent = await this.first(
      {
        reference,
        status: 'starting',
        email,
        customerName: input.customerName?.trim() || null,
        description: input.description?.trim() || null,
        amount,
        currency,
        amountRefunded: ZERO,
        paymentMethod: null,
        authorizationUrl: null,
        createdAt: isoFrom(this.deps),
        paidAt: null,
        verifiedAt: null,
        takenBy: actor?.name ?? null,
        takenById: actor?.id ?? null,
        notice: null,
      },
      {
        action: 'startPayment',
        fields: {
          email: 'email',
          amount: 'amount',
          currency: 'currency',
          customer_name: 'customerName',
        },
      },
    )
    return this.view(sent.entry)
  }

  /** Verifies now. A payment of this till is updated in its journal; others are only read. */
  async get(reference: string): Promise<CheckoutView> {
    // The cashier asked again after following stopped: followed afresh.
    const own = await this.checkOwn(reference, true)
    if (own) return own
    const notFound = { key: 'payments.noSuchCheckReceipt', params: { reference } }
    return askGateway(this.deps, { action: 'lookUpPayment', notFound }, async (gateway) => {
      // Another payment's record is never shown as this one (a cashier would read its "paid").
      const record = ownPayment(await gateway.payments.verify(reference), reference)
      return this.view(entryFromRecord(record, isoFrom(this.deps), reference))
    })
  }

  /** The till's 50 newest payments. */
  recent(): CheckoutView[] {
    return this.deps.journal
      .list()
      .slice(0, 50)
      .map((entry) => this.view(entry))
  }

  /** Hands the checkout page to the system browser, after checking it is the gateway's. */
  async openCheckout(reference: string): Promise<CheckoutOpenResult> {
    const entry = this.deps.journal.get(reference)
    // The address comes from main's own record, never from the renderer.
    if (!entry?.authorizationUrl) return notOpened('noPage')
    if (entry.status !== 'pending') return notOpened('notWaiting')
    if (!this.deps.openExternal) return notOpened('useQr')
    const verdict = checkCheckoutUrl(entry.authorizationUrl, this.deps.gatewayBaseUrl())
    if (!verdict.ok) {
      this.deps.log.warn('checkout url refused', { reference })
      return { opened: false, message: verdict.reason, say: verdict.say }
    }
    try {
      await this.deps.openExternal(verdict.url)
      return { opened: true, message: null }
    } catch {
      return notOpened('noBrowser')
    }
  }

  /** Demo gateway only: plays the customer at the checkout page, then verifies as usual. */
  async simulate(reference: string, outcome: CheckoutOutcome): Promise<CheckoutView> {
    if (this.deps.environment() !== 'demo') throw refuse('demo_only', { key: 'payments.demoOnly' })
    const notFound = { key: 'payments.noSuch', params: { reference } }
    await askGateway(this.deps, { action: 'simulateCustomer', notFound }, (gateway) =>
      gateway.sandbox.completePayment(reference, { outcome }),
    )
    return this.get(reference)
  }

  protected show(entry: PaymentEntry, shared: Shared): CheckoutView {
    return {
      reference: entry.reference,
      status: entry.status,
      final: isFinalPayment(entry.status),
      email: entry.email,
      customerName: entry.customerName,
      description: entry.description,
      amount: entry.amount,
      currency: entry.currency,
      amountRefunded: entry.amountRefunded,
      paymentMethod: entry.paymentMethod,
      checkout:
        entry.status === 'pending' && entry.authorizationUrl
          ? {
              url: entry.authorizationUrl,
              canOpenExternally:
                this.deps.openExternal !== null &&
                checkCheckoutUrl(entry.authorizationUrl, this.deps.gatewayBaseUrl()).ok,
              qr: qrMatrix(entry.authorizationUrl),
            }
          : null,
      createdAt: entry.createdAt,
      paidAt: entry.paidAt,
      verifiedAt: entry.verifiedAt,
      ...shared,
      notice: entry.notice,
      ...paymentNoticeSay(entry),
      takenBy: entry.takenBy,
      takenHere: this.deps.journal.has(entry.reference),
    }
  }
}

/** Checks the form in main, with a message beside each field that is wrong. */
function validateStart(input: PaymentStartInput) {
  const fields: Record<string, string> = {}
  const email = input.email.trim()
  if (email === '') fields.email = "Enter the customer's e-mail address; the receipt goes there."
  else if (!Email.safeParse(email).success)
    fields.email = 'That e-mail address looks incomplete, e.g. name@example.com.'
  let amount: Minor = ZERO
  try {
    amount = parseUserAmount(input.amount, input.currency)
    if (amount <= 0) fields.amount = 'Enter an amount more than zero.'
  } catch (error) {
    fields.amount = error instanceof MoneyError ? error.message : 'Enter an amount, like 12500.50.'
  }
  if (Object.keys(fields).length > 0)
    throw refuse('invalid_input', { key: 'input.checkFields' }, { fields })
  return { email, amount, currency: input.currency }
}

/** Why the checkout page was not opened, in main's English and keyed (`payments.checkout`). */
function notOpened(key: string): CheckoutOpenResult {
  const say: Said = { key: `payments.checkout.${key}` }
  return { opened: false, message: english(say), say }
}
