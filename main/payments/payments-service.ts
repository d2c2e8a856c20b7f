// Hosted-checkout payments at the till. The merchant reference is fixed and journalled before
// initialize is sent; the payment is then verified by reference on a schedule until final.
// A customer's redirect is never trusted: only verify's answer changes the status.
import type { InitializePaymentRequest } from '../../common/api/payments'
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
import { AppError } from '../app/errors'
import type { Logger } from '../app/log'
import type { GatewayClient } from '../gateway'
import { cashierError } from './cashier-errors'
import { checkCheckoutUrl } from './checkout-link'
import type { Follower } from './follower'
import type { Journal } from './journal'
import {
  applyPaymentRecord,
  entryFromRecord,
  isFinalPayment,
  type PaymentEntry,
} from './payment-entry'
import { qrMatrix } from './qr'
import { newReference } from './references'
import { decideResolution, decisionOutcomeView } from './outcome-decision'
import { unconfirmedNotice } from './outcome-view'
import {
  pursueByReference,
  reviewOf,
  submitByReference,
  uncertaintyAfterRestart,
} from './submit-by-reference'
import { isoFrom, nowFrom, openGateway } from './service-basics'

/** The part of the gateway client this service uses. */
export interface PaymentsGateway {
  payments: Pick<GatewayClient['payments'], 'initialize' | 'verify'>
  sandbox: Pick<GatewayClient['sandbox'], 'completePayment'>
}

export interface Actor {
  id: string
  name: string
}

export interface PaymentsServiceDeps {
  gateway: () => Promise<PaymentsGateway>
  journal: Journal<PaymentEntry>
  follower: Follower
  /**
   * Looks up payments in review at a slow pace (REVIEW_LOOKUP_SCHEDULE) until the gateway
   * answers for the reference or a supervisor decides. Absent: nobody looks them up.
   */
  reviewFollower?: Follower
  publish: (view: CheckoutView) => void
  /** Who is signed in (the IPC guard has already checked the role). */
  actor: () => Actor | null
  tillName: () => string
  environment: () => Environment
  /** The active gateway's base URL, for the checkout origin check. */
  gatewayBaseUrl: () => string | null
  /** Electron's shell.openExternal; null where there is no system browser to hand to. */
  openExternal: ((url: string) => Promise<void>) | null
  log: Logger
  now?: () => number
  /** Least wait after a lost request before its reference is verified (it may be in flight). */
  verifyAfterMs?: number
  /** How long a lost answer is followed up before a supervisor must decide. */
  unknownWindowMs?: number
  /** Checks a PIN (counting failures towards lockout); throws AppError when wrong. */
  verifyPin?: (userId: string, pin: string) => Promise<unknown>
}

const WORDS = { noun: 'payment', started: 'took this payment' }

const RECENT_LIMIT = 50
/** The gateway client's deadline (10 s) plus the commit lag we allow a gateway (15 s). */
export const DEFAULT_VERIFY_AFTER_MS = 25_000
export const DEFAULT_UNKNOWN_WINDOW_MS = 30 * 60_000

export class PaymentsService {
  constructor(private readonly deps: PaymentsServiceDeps) {}

  /** Picks up payments that were still open when the till last stopped. */
  resume(): void {
    // A payment waiting for a supervisor's check is only looked up now and then.
    for (const entry of this.deps.journal.list()) {
      if (isFinalPayment(entry.status)) continue
      if (inReview(entry)) this.#watchReview(entry.reference)
      else this.#follow(entry.reference)
    }
  }

  stop(): void {
    this.deps.follower.stopAll()
    this.deps.reviewFollower?.stopAll()
  }

  async start(input: PaymentStartInput): Promise<CheckoutView> {
    const { email, amount, currency } = validateStart(input)
    const actor = this.deps.actor()
    const customerName = input.customerName?.trim() || null
    const description = input.description?.trim() || null
    const reference = newReference('PAY', nowFrom(this.deps))
    const body: InitializePaymentRequest = {
      email,
      amount,
      currency,
      reference,
      ...(customerName ? { customer_name: customerName } : {}),
      metadata: {
        till: this.deps.tillName(),
        cashier: actor?.name ?? null,
        ...(description ? { description } : {}),
      },
    }
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
      throw cashierError(error, { action: 'start the payment' })
    }
    let outcome
    try {
      outcome = await submitByReference({
        send: () => gateway.payments.initialize(body),
        lookup: () => gateway.payments.verify(reference),
        noun: 'payment',
        now: () => nowFrom(this.deps),
      })
    } catch (error) {
      // A definite refusal: nothing exists at the gateway, so nothing to remember.
      this.deps.journal.remove(reference)
      throw cashierError(error, {
        action: 'start the payment',
        fields: {
          email: 'email',
          amount: 'amount',
          currency: 'currency',
          customer_name: 'customerName',
        },
      })
    }
    if (outcome.outcome === 'sent') {
      this.deps.journal.update(reference, (entry) => ({
        ...entry,
        status: 'pending',
        authorizationUrl: outcome.value.authorization_url,
        verifiedAt: isoFrom(this.deps),
      }))
    } else if (outcome.outcome === 'found') {
      this.deps.journal.update(reference, (entry) =>
        applyPaymentRecord(entry, outcome.value, isoFrom(this.deps)),
      )
    } else {
      this.deps.log.warn('payment start outcome unknown', { reference, kind: outcome.error.kind })
      const { uncertainty } = outcome
      this.deps.journal.update(reference, (entry) => ({
        ...entry,
        uncertainty,
        notice: unconfirmedNotice(uncertainty, 'payment'),
      }))
    }
    this.#follow(reference)
    return this.#viewOf(reference)
  }

  /** Verifies now. A payment of this till is updated in its journal; others are only read. */
  async get(reference: string): Promise<CheckoutView> {
    const known = this.deps.journal.get(reference)
    if (known) {
      const entry = await this.#check(reference)
      // The cashier asked again after following stopped: follow it afresh.
      if (
        entry &&
        !isFinalPayment(entry.status) &&
        !inReview(entry) &&
        !this.deps.follower.isFollowing(reference)
      )
        this.#follow(reference)
      return this.#viewOf(reference)
    }
    const gateway = await openGateway(this.deps, 'look up the payment')
    try {
      const record = await gateway.payments.verify(reference)
      return this.#toView(entryFromRecord(record, isoFrom(this.deps), reference))
    } catch (error) {
      throw cashierError(error, {
        action: 'look up the payment',
        notFound: `No payment has the reference ${reference}. Check it against the customer's receipt.`,
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
      .filter((entry) => entry.status === 'starting' && entry.uncertainty)
      .map((entry) => this.#toView(entry))
  }

  /**
   * A supervisor who did not take it closes a payment whose outcome is unknown: paid (with the
   * gateway's reference) or not paid (with a reason), re-entering their PIN. The decision is
   * written into the payment's journal entry, which is the record of it.
   */
  async decideOutcome(input: OutcomeDecisionInput): Promise<CheckoutView> {
    const check = (): PaymentEntry => {
      const entry = this.deps.journal.get(input.reference)
      if (!entry || entry.status !== 'starting' || !entry.uncertainty)
        throw new AppError(
          'wrong_state',
          'Only a payment whose outcome is unknown can be marked as paid or not paid.',
        )
      return entry
    }
    const resolution = await decideResolution({
      actor: this.deps.actor(),
      verifyPin: this.deps.verifyPin,
      input,
      check: () => check().takenById,
      words: WORDS,
      at: () => isoFrom(this.deps),
    })
    const entry = check()
    this.deps.follower.stop(entry.reference)
    this.deps.reviewFollower?.stop(entry.reference)
    const updated = this.deps.journal.put({
      ...entry,
      status: resolution.made ? 'success' : 'not_paid',
      paidAt: resolution.made ? resolution.at : null,
      notice: null,
      resolution,
    })
    this.deps.log.info('payment outcome decided', {
      reference: entry.reference,
      made: resolution.made,
    })
    const view = this.#toView(updated)
    this.deps.publish(view)
    return view
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
    if (this.deps.environment() !== 'demo')
      throw new AppError(
        'demo_only',
        'Simulating the customer is only possible on the demo gateway. The customer must pay on the checkout page.',
      )
    const gateway = await openGateway(this.deps, 'simulate the customer')
    try {
      await gateway.sandbox.completePayment(reference, { outcome })
    } catch (error) {
      throw cashierError(error, {
        action: 'simulate the customer',
        notFound: `No payment has the reference ${reference}.`,
      })
    }
    return this.get(reference)
  }

  #follow(reference: string): void {
    this.deps.follower.follow(
      reference,
      async () => {
        const entry = await this.#check(reference)
        // A payment waiting for a supervisor: from here only the slow review lookups.
        if (entry && inReview(entry)) this.#watchReview(reference)
        return entry === undefined || isFinalPayment(entry.status) || inReview(entry)
          ? 'final'
          : 'continue'
      },
      () => {
        const entry = this.deps.journal.update(reference, (e) => {
          if (e.status !== 'starting')
            return {
              ...e,
              notice:
                "Still waiting for the customer. Press Check status when they say they've paid.",
            }
          // Following ended with the window (slow lookups may not have seen it close): from
          // here a supervisor decides, with the evidence.
          const uncertainty = reviewOf(
            e.uncertainty ?? uncertaintyAfterRestart(e.createdAt, e.createdAt),
            'payment',
          )
          return { ...e, uncertainty, notice: unconfirmedNotice(uncertainty, 'payment') }
        })
        if (entry) this.deps.publish(this.#toView(entry))
        if (entry && inReview(entry)) this.#watchReview(reference)
      },
    )
  }

  /**
   * A payment waiting for a supervisor: its reference is still verified on the slow review
   * schedule, because only the gateway's answer for it settles it, and that answer may come
   * late. A "not found", a refusal or silence settles nothing, and nothing is ever sent again
   * from here. A record the gateway gives for another reference is not ours.
   */
  #watchReview(reference: string): void {
    this.deps.reviewFollower?.follow(
      reference,
      async () => {
        const entry = this.deps.journal.get(reference)
        if (!entry || !inReview(entry)) return 'final'
        const settled = await this.#lookUpInReview(entry)
        if (!settled) return 'continue'
        this.deps.log.info('payment in review settled by the gateway', { reference })
        if (!isFinalPayment(settled.status)) this.#follow(reference)
        return 'final'
      },
      () => undefined,
    )
  }

  /** One verify of a payment in review: the updated entry when the gateway answered for it. */
  async #lookUpInReview(entry: PaymentEntry): Promise<PaymentEntry | undefined> {
    let record
    try {
      const gateway = await this.deps.gateway()
      record = await gateway.payments.verify(entry.reference)
    } catch {
      return undefined
    }
    if (record.reference !== undefined && record.reference !== entry.reference) return undefined
    if (record.status === 'unknown') return undefined
    // A supervisor may have decided while the lookup was out: theirs is then the record.
    const now = this.deps.journal.get(entry.reference)
    if (!now || !inReview(now)) return undefined
    return this.#publishEntry(
      this.deps.journal.update(entry.reference, (e) =>
        applyPaymentRecord(e, record, isoFrom(this.deps)),
      ),
    )
  }

  /** One verify; updates the journal and tells every window. Never throws for gateway trouble. */
  async #check(reference: string): Promise<PaymentEntry | undefined> {
    const before = this.deps.journal.get(reference)
    if (!before) return undefined
    // In review: the gateway is asked, never sent the payment again.
    if (inReview(before)) return (await this.#lookUpInReview(before)) ?? before
    if (before.status === 'starting') return this.#pursue(before)
    let entry: PaymentEntry | undefined
    try {
      const gateway = await this.deps.gateway()
      const record = await gateway.payments.verify(reference)
      entry = this.deps.journal.update(reference, (e) =>
        applyPaymentRecord(e, record, isoFrom(this.deps)),
      )
    } catch (error) {
      const notice = `${cashierError(error, { action: 'check the payment' }).message} The till keeps checking.`
      entry = this.deps.journal.update(reference, (e) => ({ ...e, notice }))
    }
    if (entry) this.deps.publish(this.#toView(entry))
    return entry
  }

  /**
   * A payment whose initialize answer was lost: only verify's word about its reference settles
   * it. A JSON "no such payment", long enough after the lost request, allows the same request
   * (same reference) once more; a refusal of that never drops the entry.
   */
  async #pursue(before: PaymentEntry): Promise<PaymentEntry | undefined> {
    let gateway: PaymentsGateway
    try {
      gateway = await this.deps.gateway()
    } catch (error) {
      const notice = `${cashierError(error, { action: 'check the payment' }).message} The till keeps checking.`
      return this.#publishEntry(
        this.deps.journal.update(before.reference, (e) => ({ ...e, notice })),
      )
    }
    const step = await pursueByReference({
      uncertainty:
        before.uncertainty ?? uncertaintyAfterRestart(before.createdAt, before.createdAt),
      lookup: () => gateway.payments.verify(before.reference),
      resend: () => gateway.payments.initialize(this.#bodyOf(before)),
      beforeResend: (uncertainty) =>
        this.deps.journal.update(before.reference, (e) => ({ ...e, uncertainty })),
      noun: 'payment',
      now: () => nowFrom(this.deps),
      verifyAfterMs: this.deps.verifyAfterMs ?? DEFAULT_VERIFY_AFTER_MS,
      windowMs: this.deps.unknownWindowMs ?? DEFAULT_UNKNOWN_WINDOW_MS,
    })
    let entry: PaymentEntry | undefined
    if (step.kind === 'found') {
      entry = this.deps.journal.update(before.reference, (e) =>
        applyPaymentRecord(e, step.value, isoFrom(this.deps)),
      )
    } else if (step.kind === 'sent') {
      entry = this.deps.journal.update(before.reference, (e) => ({
        ...e,
        status: 'pending',
        authorizationUrl: step.value.authorization_url,
        verifiedAt: isoFrom(this.deps),
        notice: null,
      }))
    } else {
      if (step.kind === 'review')
        this.deps.log.warn('payment outcome unknown; needs review', { reference: before.reference })
      entry = this.deps.journal.update(before.reference, (e) => ({
        ...e,
        uncertainty: step.uncertainty,
        notice: unconfirmedNotice(step.uncertainty, 'payment'),
      }))
    }
    return this.#publishEntry(entry)
  }

  #publishEntry(entry: PaymentEntry | undefined): PaymentEntry | undefined {
    if (entry) this.deps.publish(this.#toView(entry))
    return entry
  }

  /** The initialize request of a journalled payment, exactly as first sent. */
  #bodyOf(entry: PaymentEntry): InitializePaymentRequest {
    return {
      email: entry.email,
      amount: entry.amount,
      currency: entry.currency,
      reference: entry.reference,
      ...(entry.customerName ? { customer_name: entry.customerName } : {}),
      metadata: {
        till: this.deps.tillName(),
        cashier: entry.takenBy,
        ...(entry.description ? { description: entry.description } : {}),
      },
    }
  }

  #viewOf(reference: string): CheckoutView {
    const entry = this.deps.journal.get(reference)
    if (!entry) throw new AppError('not_found', `No payment has the reference ${reference}.`)
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
      following: !isFinalPayment(entry.status) && this.deps.follower.isFollowing(entry.reference),
      notice: entry.notice,
      takenBy: entry.takenBy,
      takenHere: this.deps.journal.has(entry.reference),
      outcome: decisionOutcomeView(
        {
          uncertainty: entry.uncertainty,
          resolution: entry.resolution,
          createdAt: entry.createdAt,
          startedById: entry.takenById,
          open: entry.status === 'starting',
        },
        this.deps.actor(),
        WORDS,
      ),
    }
  }
}

/** Its outcome stayed unknown through the window: a supervisor decides, unless the gateway does. */
function inReview(entry: PaymentEntry): boolean {
  return entry.status === 'starting' && Boolean(entry.uncertainty?.review)
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
    throw new AppError('invalid_input', 'Check the highlighted fields.', { fields })
  return { email, amount, currency: input.currency }
}
