// Direct-debit mandates and the debits charged against them. The gateway has no list of
// mandates, so main remembers the ones this till created or looked up. Role rule: a cashier
// creates and activates mandates with the customer present, views them and charges active ones
// within their limits; cancelling is irreversible, so it needs a supervisor or admin. The OTP
// and PIN of activation pass straight through main to the gateway: never logged or stored.
import * as z from 'zod'
import type { DebitStatus, MandateStatus } from '../api/directDebits'
import { REFERENCE_PATTERN, REFERENCE_RULE } from '../api/primitives'
import { CURRENCIES, type Currency, type Minor } from '../money'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import { NoInput } from './shared'
import type { BankOption } from './payouts'
import { OutcomeDecisionInput, type UnknownOutcomeView } from './payments'

export const MIN_MANDATE_DURATION_DAYS = 30

export interface MonthlyUsage {
  /** Calendar month (UTC) the figures are for, e.g. "2025-01". */
  month: string
  maxAmount: Minor
  maxCount: number
  /** Pending and successful debits this month recorded at this till. */
  usedAmount: Minor
  usedCount: number
  remainingAmount: Minor
  remainingCount: number
  /** Share of the amount limit used, 0–100, rounded down (for the meter). */
  usedPercent: number
}

export interface DebitView {
  paymentReference: string
  mandateReference: string
  amount: Minor
  currency: Currency
  narration: string
  /**
   * 'starting': reference fixed, the gateway has not confirmed the debit yet.
   * 'not_sent': it never reached the gateway, so nothing was charged.
   * 'not_paid': its outcome was unknown and a supervisor decided nothing was charged.
   */
  status: DebitStatus | 'starting' | 'not_sent' | 'not_paid' | 'unknown'
  final: boolean
  failureReason: string | null
  /** Null only for a debit of another till whose record carries no time. */
  createdAt: string | null
  completedAt: string | null
  following: boolean
  notice: string | null
  /** The same, keyed for the screen's language, when our words made it. */
  noticeSay?: Said
  /** Set while the gateway has not said whether it has this debit, or once a supervisor decided. */
  outcome: UnknownOutcomeView | null
}

export interface MandateView {
  mandateReference: string
  /** `unknown`: a status word the gateway used that Tilldesk does not know. */
  status: MandateStatus | 'unknown'
  customerName: string
  customerEmail: string
  accountNumber: string
  bankCode: string
  bankName: string | null
  startDate: string
  endDate: string
  currency: Currency
  maxMonthlyAmount: Minor
  maxMonthlyDebitCount: number
  activationInitiated: boolean
  createdAt: string | null
  activatedAt: string | null
  cancelledAt: string | null
  usage: MonthlyUsage
  /** What may be done now, decided by main from the state. */
  can: { initiateActivation: boolean; validateActivation: boolean; debit: boolean; cancel: boolean }
  debits: DebitView[]
  /** When the gateway last confirmed this record. */
  checkedAt: string | null
  notice: string | null
  /** The notice keyed, for the till's language (`notice` is main's English). */
  noticeSay?: Said
  /** Set while the gateway has not confirmed the create: why in words, and what was tried. */
  outcome: UnknownOutcomeView | null
}

export interface MandateSummary {
  mandateReference: string
  /** `unknown`: a status word the gateway used that Tilldesk does not know. */
  status: MandateStatus | 'unknown'
  customerName: string
  customerEmail: string
  currency: Currency
  maxMonthlyAmount: Minor
  endDate: string
  checkedAt: string | null
}

export interface ResolvedAccount {
  accountNumber: string
  accountName: string
  bankName: string
}

// The gateway's own reference rule (common/api): no dot segments, a letter or digit first.
const Reference = z
  .string()
  .trim()
  .min(1, 'Enter a mandate reference.')
  .max(64, 'References are at most 64 characters.')
  .regex(REFERENCE_PATTERN, REFERENCE_RULE)

export const MandateCreateInput = z.strictObject({
  customerName: z.string().trim().max(120),
  customerEmail: z.string().trim().max(254),
  accountNumber: z.string().trim().max(20),
  bankCode: z.string().trim().max(10),
  startDate: z.string().trim().max(10),
  endDate: z.string().trim().max(10),
  /** As typed; main parses it exactly. */
  maxMonthlyAmount: z.string().max(40),
  maxMonthlyDebitCount: z.string().trim().max(6),
  currency: z.enum(CURRENCIES),
})
export type MandateCreateInput = z.input<typeof MandateCreateInput>

export const MandateDebitInput = z.strictObject({
  mandateReference: Reference,
  amount: z.string().max(40),
  narration: z.string().trim().max(100, 'Keep the narration to 100 characters.'),
})
export type MandateDebitInput = z.input<typeof MandateDebitInput>

/** Activation credentials from the customer's bank: digits only, never kept. */
const Otp = z.string().regex(/^\d{4,8}$/, 'The OTP is 4 to 8 digits.')
const BankPin = z.string().regex(/^\d{4,6}$/, 'The PIN is 4 to 6 digits.')

export const mandatesChannels = defineChannels({
  'mandates.list': {
    input: NoInput,
    result: returns<MandateSummary[]>(),
    role: 'cashier',
    summary: 'Mandates this till knows, newest first.',
  },
  'mandates.banks': {
    input: NoInput,
    result: returns<BankOption[]>(),
    role: 'cashier',
    summary: 'Banks a mandate can be set up with.',
  },
  'mandates.resolveAccount': {
    input: z.strictObject({
      bankCode: z
        .string()
        .trim()
        .regex(/^\d{3,6}$/, 'Choose the bank from the list.'),
      accountNumber: z
        .string()
        .trim()
        .regex(/^\d{10}$/, 'The account number is 10 digits.'),
      currency: z.enum(CURRENCIES),
    }),
    result: returns<ResolvedAccount>(),
    role: 'cashier',
    summary: "The account holder's name as the bank has it, to confirm with the customer.",
  },
  'mandates.create': {
    input: MandateCreateInput,
    result: returns<MandateView>(),
    role: 'cashier',
    summary: 'Creates a mandate (pending activation); reference fixed before sending.',
  },
  'mandates.get': {
    input: z.strictObject({ mandateReference: Reference }),
    result: returns<MandateView>(),
    role: 'cashier',
    summary: "A mandate's current state from the gateway; remembers it at this till.",
  },
  'mandates.initiateActivation': {
    input: z.strictObject({ mandateReference: Reference }),
    result: returns<MandateView>(),
    role: 'cashier',
    summary: "Asks the customer's bank to send the activation OTP.",
  },
  'mandates.validateActivation': {
    input: z.strictObject({ mandateReference: Reference, otp: Otp, pin: BankPin }),
    result: returns<MandateView>(),
    role: 'cashier',
    summary: 'Submits the OTP and PIN the customer received; the mandate becomes active.',
  },
  'mandates.cancel': {
    input: z.strictObject({ mandateReference: Reference, confirm: z.literal(true) }),
    result: returns<MandateView>(),
    role: 'supervisor',
    summary: 'Cancels a mandate for good (confirmation required).',
  },
  'mandates.debit': {
    input: MandateDebitInput,
    result: returns<DebitView>(),
    role: 'cashier',
    summary: 'Charges an active mandate; payment reference fixed before sending.',
  },
  'mandates.unsettledDebits': {
    input: NoInput,
    result: returns<DebitView[]>(),
    role: 'supervisor',
    summary: "This till's debits the gateway has not confirmed: why, in words, and what was tried.",
  },
  'mandates.decideDebitOutcome': {
    input: OutcomeDecisionInput,
    result: returns<DebitView>(),
    role: 'supervisor',
    summary:
      'Closes a debit whose outcome is unknown: paid (gateway reference) or not paid (reason), with the PIN. Not by the one who charged it.',
  },
  'mandates.acknowledgeDebitAlarm': {
    input: z.strictObject({ reference: Reference }),
    result: returns<DebitView>(),
    role: 'supervisor',
    summary:
      "Marks as read the alarm of a debit the gateway settled against a supervisor's decision.",
  },
  'mandates.debitStatus': {
    input: z.strictObject({
      paymentReference: Reference,
    }),
    result: returns<DebitView>(),
    role: 'cashier',
    summary: "A debit's current status from the gateway.",
  },
})

export const mandatesEvents = defineEvents({
  'mandates.updated': payload<MandateView>(),
  'mandates.debitUpdated': payload<DebitView>(),
})
