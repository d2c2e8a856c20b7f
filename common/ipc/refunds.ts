// Refunds against completed checkout payments. Role rule: anyone signed in may look a payment's
// refunds up (a cashier answers "where is my refund?"); issuing a refund moves money out, so it
// needs a supervisor or admin, and so do the merchant-wide history and counts. Main computes the
// refundable balance; the screen shows it.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import type { RefundStatus } from '../api/refunds'
import type { UnknownOutcomeView } from './payments'
import type { Currency, Minor } from '../money'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput, PinSchema } from './shared'

export interface RefundView {
  /** Null only for a refund the gateway listed without it (its record's fields are not shown). */
  reference: string | null
  paymentReference: string | null
  amount: Minor | null
  currency: Currency | null
  /**
   * `unknown`: a status word the gateway used that Tilldesk does not know. `not_refunded`: its
   * outcome was unknown and a supervisor decided it was not made (see `outcome.decided`).
   */
  status: RefundStatus | 'unknown' | 'not_refunded'
  final: boolean
  reason: string | null
  failureReason: string | null
  createdAt: string | null
  updatedAt: string | null
  /** Main is checking its status on a schedule. */
  following: boolean
  /** Set while the gateway has not said whether it has this refund (status shows pending). */
  outcome: UnknownOutcomeView | null
}

/** A payment as the refund form needs it, with the balance main worked out. */
export interface RefundablePayment {
  paymentReference: string
  /** Null when the gateway's record does not give it. */
  email: string | null
  customerName: string | null
  paymentStatus: string
  currency: Currency
  paid: Minor
  /** Refunds that went through. */
  refunded: Minor
  /** Refunds pending or processing: already reserved against the payment. */
  inProgress: Minor
  /** What can still be refunded now: paid − refunded − in progress, never below zero. */
  refundable: Minor
  /** Null when a refund may be issued; otherwise why not, in words. */
  blockedReason: string | null
  /** The same, keyed for the screen's language (renderer/i18n/errors.ts); only when blocked. */
  blockedSay?: Said
  refunds: RefundView[]
}

export interface RefundCountsView {
  pending: number
  processing: number
  success: number
  failed: number
  total: number
}

export interface RefundPage {
  items: RefundView[]
  page: number
  pageSize: number
  totalItems: number
  totalPages: number
}

const Reference = z
  .string()
  .trim()
  .min(1, 'Enter a reference.')
  .max(64, 'References are at most 64 characters.')
  .regex(REFERENCE_PATTERN, 'References use only letters, digits, dot, dash and underscore.')
const IsoDay = z.iso.date({ message: 'Use a date like 2025-01-31.' })

export const REFUND_REASONS_MAX = 200

export const RefundIssueInput = z.strictObject({
  paymentReference: Reference,
  /** 'full' refunds what is refundable now; 'partial' needs `amount`. */
  kind: z.enum(['full', 'partial']),
  /** As typed; main parses it exactly. */
  amount: z.string().max(40).optional(),
  reason: z
    .string()
    .trim()
    .min(3, 'Say why the money is going back (at least 3 characters).')
    .max(REFUND_REASONS_MAX, `Keep the reason under ${REFUND_REASONS_MAX} characters.`),
})
export type RefundIssueInput = z.input<typeof RefundIssueInput>

export const RefundHistoryInput = z.strictObject({
  status: z.enum(['pending', 'processing', 'success', 'failed']).optional(),
  paymentReference: Reference.optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(50),
})
export type RefundHistoryInput = z.input<typeof RefundHistoryInput>
/** As main's handler receives it, defaults applied. */
export type RefundHistoryFilter = z.output<typeof RefundHistoryInput>

const Decision = {
  reference: Reference,
  pin: PinSchema,
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason (a few words).')
    .max(REFUND_REASONS_MAX, `Keep the reason under ${REFUND_REASONS_MAX} characters.`),
}

/** A supervisor's decision on a refund whose outcome the till could not find out. */
export const RefundDecisionInput = z.discriminatedUnion('outcome', [
  z.strictObject({
    ...Decision,
    outcome: z.literal('refunded'),
    gatewayReference: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._:/-]{1,100}$/, "Enter the gateway's reference for the refund."),
  }),
  z.strictObject({ ...Decision, outcome: z.literal('not_refunded') }),
])
export type RefundDecisionInput = z.input<typeof RefundDecisionInput>

export const refundsChannels = defineChannels({
  'refunds.unsettled': {
    input: NoInput,
    result: returns<RefundView[]>(),
    role: 'supervisor',
    summary:
      "This till's refunds the gateway has not confirmed: why, in words, and what was tried.",
  },
  'refunds.decideOutcome': {
    input: RefundDecisionInput,
    result: returns<RefundView>(),
    role: 'supervisor',
    summary:
      'Closes a refund whose outcome is unknown: refunded (gateway reference) or not refunded (reason), with the PIN. Not by the supervisor who issued it.',
  },
  'refunds.acknowledgeAlarm': {
    input: z.strictObject({ reference: Reference }),
    result: returns<RefundView>(),
    role: 'supervisor',
    summary:
      "Marks as read the alarm of a refund the gateway settled against a supervisor's decision.",
  },
  'refunds.prepare': {
    input: z.strictObject({ paymentReference: Reference }),
    result: returns<RefundablePayment>(),
    role: 'cashier',
    summary: 'A payment with its refunds and the refundable balance.',
  },
  'refunds.issue': {
    input: RefundIssueInput,
    result: returns<RefundView>(),
    role: 'supervisor',
    summary: 'Refunds a completed payment in full or in part; reference fixed before sending.',
  },
  'refunds.get': {
    input: z.strictObject({ reference: Reference }),
    result: returns<RefundView>(),
    role: 'cashier',
    summary: "A refund's current status from the gateway.",
  },
  'refunds.history': {
    input: RefundHistoryInput,
    result: returns<RefundPage>(),
    role: 'supervisor',
    summary: 'Refund history with filters, one page.',
  },
  'refunds.counts': {
    input: NoInput,
    result: returns<RefundCountsView>(),
    role: 'supervisor',
    summary: 'Number of refunds in each status.',
  },
})

export const refundsEvents = defineEvents({
  'refunds.updated': payload<RefundView>(),
})
