// Hosted-checkout payments taken at the till. Main fixes the merchant reference before sending,
// follows the payment by verifying it (never by trusting a redirect), and pushes each change.
// Amounts cross as integer minor units; the screen only formats them.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import type { PaymentStatus as GatewayPaymentStatus } from '../api/payments'
import { CURRENCIES, type Currency, type Minor } from '../money'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput, PinSchema } from './shared'

/** What main knows of a checkout payment: the gateway's states plus the moments before them. */
export type CheckoutStatus =
  /** Reference fixed and journalled; the gateway has not confirmed the payment yet. */
  | 'starting'
  /** Its outcome was unknown and a supervisor decided it was not paid (see `outcome.decided`). */
  | 'not_paid'
  | GatewayPaymentStatus

export const CHECKOUT_OUTCOMES = ['success', 'failed', 'abandoned'] as const
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number]

/** The QR code of the checkout address as a square of modules, row by row ('1' = dark). */
export interface QrMatrix {
  size: number
  modules: string
}

export interface CheckoutLink {
  url: string
  /** True when main can open it in the system browser (Electron, gateway's own origin). */
  canOpenExternally: boolean
  qr: QrMatrix
}

/**
 * A write whose answer was lost (payment, refund, debit, mandate): why its fate is not known yet, in words,
 * what the till tried and what the gateway said. `needs_review`: the till stopped guessing and
 * a supervisor must check the reference with the gateway.
 */
export interface UnknownOutcomeView {
  state: 'unknown' | 'needs_review' | 'decided'
  why: string
  /** `why` keyed for the screen's language (renderer/i18n/errors.ts), when our words made it. */
  whySay?: Said
  since: string
  steps: Array<{ at: string; call: 'send' | 'lookup'; said: string }>
  /** A supervisor's decision, once made (refunds, payments, debits). */
  decided?: {
    made: boolean
    byName: string
    at: string
    reason: string
    gatewayReference: string | null
  }
  /** Why the signed-in user may not decide it, or null when they may (refunds, payments, debits). */
  decideBlocked?: string | null
  /** The same, keyed; only when blocked. */
  decideBlockedSay?: Said
  /**
   * The gateway later contradicted the decision and won: what happened, in words, and whether
   * a supervisor has acknowledged it.
   */
  alarm?: { text: string; at: string; acknowledgedBy: string | null }
}

export interface CheckoutView {
  reference: string
  status: CheckoutStatus
  /** No further change can happen (success, failed, abandoned). */
  final: boolean
  email: string
  customerName: string | null
  description: string | null
  amount: Minor
  currency: Currency
  amountRefunded: Minor
  paymentMethod: string | null
  checkout: CheckoutLink | null
  createdAt: string
  paidAt: string | null
  /** When main last had the gateway's answer for this payment. */
  verifiedAt: string | null
  /** Main is verifying it on a schedule. */
  following: boolean
  /** Something the cashier should know now (gateway unreachable, still waiting), or null. */
  notice: string | null
  /** The same, keyed for the screen's language, when our words made it. */
  noticeSay?: Said
  /** Who took it at this till; null for payments looked up from elsewhere. */
  takenBy: string | null
  /** This till's journal holds it (it appears in Recent payments). */
  takenHere: boolean
  /** Set while the gateway has not said whether it has this payment. */
  outcome: UnknownOutcomeView | null
}

export interface CheckoutOpenResult {
  opened: boolean
  /** Why it was not opened, in words, when opened is false. */
  message: string | null
  /** The same keyed (`payments.checkout.*`), for the screen's language. */
  say?: Said
}

const ReferenceInput = z
  .string()
  .trim()
  .min(1, 'Enter a payment reference.')
  .max(64, 'References are at most 64 characters.')
  .regex(REFERENCE_PATTERN, 'References use only letters, digits, dot, dash and underscore.')

export const PaymentStartInput = z.strictObject({
  email: z.string().trim().max(254),
  /** As typed ("12,500.50"); main parses it exactly. */
  amount: z.string().max(40),
  currency: z.enum(CURRENCIES),
  customerName: z.string().trim().max(120).optional(),
  description: z.string().trim().max(140).optional(),
})
export type PaymentStartInput = z.input<typeof PaymentStartInput>

export const DECISION_REASON_MAX = 200

const Decision = {
  reference: ReferenceInput,
  pin: PinSchema,
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason (a few words).')
    .max(DECISION_REASON_MAX, `Keep the reason under ${DECISION_REASON_MAX} characters.`),
}

/**
 * A supervisor's decision on a payment or debit whose outcome the till could not find out:
 * paid (with the gateway's reference for it) or not paid (with a reason).
 */
export const OutcomeDecisionInput = z.discriminatedUnion('outcome', [
  z.strictObject({
    ...Decision,
    outcome: z.literal('paid'),
    gatewayReference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:/-]{1,100}$/, "Enter the gateway's reference for it."),
  }),
  z.strictObject({ ...Decision, outcome: z.literal('not_paid') }),
])
export type OutcomeDecisionInput = z.output<typeof OutcomeDecisionInput>

export const paymentsChannels = defineChannels({
  'payments.start': {
    input: PaymentStartInput,
    result: returns<CheckoutView>(),
    role: 'cashier',
    summary: 'Starts a hosted-checkout payment with a reference fixed before sending.',
  },
  'payments.get': {
    input: z.strictObject({ reference: ReferenceInput }),
    result: returns<CheckoutView>(),
    role: 'cashier',
    summary: 'Verifies a payment by reference with the gateway now and returns it.',
  },
  'payments.recent': {
    input: NoInput,
    result: returns<CheckoutView[]>(),
    role: 'cashier',
    summary: "This till's recent checkout payments, newest first.",
  },
  'payments.openCheckout': {
    input: z.strictObject({ reference: ReferenceInput }),
    result: returns<CheckoutOpenResult>(),
    role: 'cashier',
    summary: "Opens the payment's checkout page in the system browser (gateway origin only).",
  },
  'payments.unsettled': {
    input: NoInput,
    result: returns<CheckoutView[]>(),
    role: 'supervisor',
    summary:
      "This till's payments the gateway has not confirmed: why, in words, and what was tried.",
  },
  'payments.decideOutcome': {
    input: OutcomeDecisionInput,
    result: returns<CheckoutView>(),
    role: 'supervisor',
    summary:
      'Closes a payment whose outcome is unknown: paid (gateway reference) or not paid (reason), with the PIN. Not by the one who took it.',
  },
  'payments.acknowledgeAlarm': {
    input: z.strictObject({ reference: ReferenceInput }),
    result: returns<CheckoutView>(),
    role: 'supervisor',
    summary:
      "Marks as read the alarm of a payment the gateway settled against a supervisor's decision.",
  },
  'payments.simulate': {
    input: z.strictObject({ reference: ReferenceInput, outcome: z.enum(CHECKOUT_OUTCOMES) }),
    result: returns<CheckoutView>(),
    role: 'cashier',
    summary: 'Demo gateway only: finishes the checkout as the customer would.',
  },
})

export const paymentsEvents = defineEvents({
  'payments.updated': payload<CheckoutView>(),
})
