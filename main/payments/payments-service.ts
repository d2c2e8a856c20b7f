// Hosted-checkout payments at the till. The merchant reference is fixed and journalled before
// initialize is sent; the payment is then verified by reference on a schedule until final.
// A customer's redirect is never trusted: only verify's answer changes the status.
import type { InitializePaymentResponse, PaymentRecord } from '../../common/api/payments'
import { Email } from '../../common/api/primitives'
import type { Environment } from '../../common/ipc/shared'
import type {
  CheckoutOpenResult,
  CheckoutOutcome,
  CheckoutView,
  OutcomeDecisionInput,
  PaymentStartInput,
} from '../../common/ipc/payments'
import { MoneyError, ZERO, parseUserAmount, type Currency, type Minor } from '../../common/money'
import { refuse } from '../kernel/errors'
import { cashierError } from './cashier-errors'
import { checkCheckoutUrl } from './checkout-link'
import { awaitsAcknowledgement } from '../exactly-once/alarm'
import type { Journal } from './journal'
import { entryFromRecord, isFinalPayment, type PaymentEntry } from './payment-entry'
import { paymentNoticeSay } from './payment-notice'
import { qrMatrix } from './qr'
import { newReference } from './references'
import { decisionOutcomeView } from '../exactly-once/decision'
import { writesFor, type ReferencedWrites, type ServiceWriteDeps } from '../exactly-once/tracker'
import { paymentKind, PAYMENT_WORDS as WORDS, type PaymentsGateway } from './payment-kind'
import { isoFrom, nowFrom, openGateway } from './service-basics'

export type { PaymentsGateway } from './payment-kind'

export interface PaymentsServiceDeps extends ServiceWriteDeps<PaymentsGateway> {
  journal: Journal<PaymentEntry>
  publish: (view: CheckoutView) => void
  tillName: () => string
  environment: () => Environment
  /** The active gateway's base URL, for the checkout origin check. */
  gatewayBaseUrl: () => string | null
  /** Electron's shell.openExternal; null where there is no system browser to hand to. */
  openExternal: ((url: string) => Promise<void>) | null
}

const RECENT_LIMIT = 50

export class PaymentsService {
  readonly #writes: ReferencedWrites<
    PaymentEntry,
    PaymentsGateway,
    InitializePaymentResponse,
    PaymentRecord
  >

  constructor(private readonly deps: PaymentsServiceDeps) {
    this.#writes = writesFor(paymentKind(deps.tillName), deps.journal, deps, {
      publish: (entry) => deps.publish(this.#toView(entry)),
    })
  }

  /** Picks up payments that were still open when the till last stopped. */
  resume(): void {
    this.#writes.resume()
  }

  stop(): void {
    this.#writes.stop()
  }

  async start(input: PaymentStartInput): Promise<CheckoutView> {
    const { email, amount, currency } = validateStart(input)
    const actor = this.deps.actor()
    const customerName = input.customerName?.trim() || null
    const description = input.description?.trim() || null
    const reference = newReference('PAY', nowFrom(this.deps))
    // Journal first: from here on, a crash or timeout is settled by verifying this reference.
    this.deps.journal.put({
      reference,
      status: 'starting',
      email,
      customerName,
      description,
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
    })
    this.deps.log.info('payment starting', { reference, currency })

    let gateway: PaymentsGateway
    try {
      gateway = await this.deps.gateway()
    } catch (error) {
      this.deps.journal.remove(reference)
      throw cashierError(error, { action: 'startPayment' })
    }
    try {
      await this.#writes.submit(this.deps.journal.get(reference) as PaymentEntry, gateway)
    } catch (error) {
      // A definite refusal: nothing exists at the gateway, so nothing to remember.
      this.deps.journal.remove(reference)
      throw cashierError(error, {
        action: 'startPayment',
        fields: {
          email: 'email',
          amount: 'amount',
          currency: 'currency',
          customer_name: 'customerName',
        },
      })
    }
    return this.#viewOf(reference)
  }

  /** Verifies now. A payment of this till is updated in its journal; others are only read. */
  async get(reference: string): Promise<CheckoutView> {
    const known = this.deps.journal.get(reference)
    if (known) {
      const entry = await this.#writes.check(reference)
      // The cashier asked again after following stopped: follow it afresh.
      if (
        entry &&
        !isFinalPayment(entry.status) &&
        !this.#writes.inReview(entry) &&
        !this.#writes.isFollowing(reference)
      )
        this.#writes.follow(reference)
      return this.#viewOf(reference)
    }
    const gateway = await openGateway(this.deps, 'lookUpPayment')
    try {
      const record = await gateway.payments.verify(reference)
      return this.#toView(entryFromRecord(record, isoFrom(this.deps), reference))
    } catch (error) {
      throw cashierError(error, {
        action: 'lookUpPayment',
        notFound: { key: 'payments.noSuchCheckReceipt', params: { reference } },
      })
    }
  }

  recent(): CheckoutView[] {
    return this.deps.journal
      .list()
      .slice(0, RECENT_LIMIT)
      .map((entry) => this.#toView(entry))
  }

  /** This till's payments the gateway has not confirmed, for a supervisor to look at. */
  unsettled(): CheckoutView[] {
    return this.deps.journal
      .list()
      .filter(
        (entry) =>
          (entry.status === 'starting' && entry.uncertainty) || awaitsAcknowledgement(entry.alarm),
      )
      .map((entry) => this.#toView(entry))
  }

  /**
   * A supervisor who did not take it closes a payment whose outcome is unknown: paid (with the
   * gateway's reference) or not paid (with a reason), re-entering their PIN. The decision is
   * written into the payment's journal entry, which is the record of it.
   */
  async decideOutcome(input: OutcomeDecisionInput): Promise<CheckoutView> {
    return this.#toView(await this.#writes.decide(input.reference, input))
  }

  /** A supervisor has read the alarm of a payment the gateway settled against a decision. */
  acknowledgeAlarm(reference: string): CheckoutView {
    return this.#toView(this.#writes.acknowledge(reference))
  }

  /** Hands the checkout page to the system browser, after checking it is the gateway's. */
  async openCheckout(reference: string): Promise<CheckoutOpenResult> {
    const entry = this.deps.journal.get(reference)
    // The address comes from main's own record, never from the renderer.
    if (!entry?.authorizationUrl)
      return { opened: false, message: 'This payment has no checkout page to open.' }
    if (entry.status !== 'pending')
      return { opened: false, message: 'This payment is no longer waiting for the customer.' }
    if (!this.deps.openExternal)
      return {
        opened: false,
        message: 'Open the link or let the customer scan the QR code with their phone.',
      }
    const verdict = checkCheckoutUrl(entry.authorizationUrl, this.deps.gatewayBaseUrl())
    if (!verdict.ok) {
      this.deps.log.warn('checkout url refused', { reference })
      return { opened: false, message: verdict.reason }
    }
    try {
      await this.deps.openExternal(verdict.url)
      return { opened: true, message: null }
    } catch {
      return {
        opened: false,
        message: 'The system browser could not be opened. Use the QR code instead.',
      }
    }
  }

  /** Demo gateway only: plays the customer at the checkout page, then verifies as usual. */
  async simulate(reference: string, outcome: CheckoutOutcome): Promise<CheckoutView> {
    if (this.deps.environment() !== 'demo') throw refuse('demo_only', { key: 'payments.demoOnly' })
    const gateway = await openGateway(this.deps, 'simulateCustomer')
    try {
      await gateway.sandbox.completePayment(reference, { outcome })
    } catch (error) {
      throw cashierError(error, {
        action: 'simulateCustomer',
        notFound: { key: 'payments.noSuch', params: { reference } },
      })
    }
    return this.get(reference)
  }

  #viewOf(reference: string): CheckoutView {
    const entry = this.deps.journal.get(reference)
    if (!entry) throw refuse('not_found', { key: 'payments.noSuch', params: { reference } })
    return this.#toView(entry)
  }

  #toView(entry: PaymentEntry): CheckoutView {
    const pending = entry.status === 'pending' && entry.authorizationUrl !== null
    const opener = this.deps.openExternal !== null
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
        pending && entry.authorizationUrl
          ? {
              url: entry.authorizationUrl,
              canOpenExternally:
                opener && checkCheckoutUrl(entry.authorizationUrl, this.deps.gatewayBaseUrl()).ok,
              qr: qrMatrix(entry.authorizationUrl),
            }
          : null,
      createdAt: entry.createdAt,
      paidAt: entry.paidAt,
      verifiedAt: entry.verifiedAt,
      following: !isFinalPayment(entry.status) && this.#writes.isFollowing(entry.reference),
      notice: entry.notice,
      ...paymentNoticeSay(entry),
      takenBy: entry.takenBy,
      takenHere: this.deps.journal.has(entry.reference),
      outcome: decisionOutcomeView(
        { ...entry, startedById: entry.takenById, open: entry.status === 'starting' },
        this.deps.actor(),
        WORDS,
      ),
    }
  }
}

/** Checks the form in main, with a message beside each field that is wrong. */
function validateStart(input: PaymentStartInput): {
  email: string
  amount: Minor
  currency: Currency
} {
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
