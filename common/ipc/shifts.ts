// Shifts and end-of-day: a cashier opens a shift on this till, takes X-reports (a look at the
// figures so far, not kept) and closes it with a Z-report (kept, numbered and sealed, so it
// can't be changed afterwards). Main works out every figure; these types carry them to the
// shift screens, the printouts and the supervisor's reprint list.
//
// Money is integer minor units, always next to its currency: a total is kept per currency and
// never added across currencies.
//
// Role rule: any cashier opens a shift and takes an X-report. Closing is for the cashier who
// opened it, or a supervisor. Printing a Z-report is for the cashier who closed it, right
// after closing; any later print is a reprint, for supervisors and admins, as is the list.
import * as z from 'zod'
import { CURRENCIES, MAX_MINOR, type Currency, type Minor } from '../money'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput, type Environment } from './shared'
import type { ZReconciliation } from './reconcile'

export interface ShiftPerson {
  id: string
  name: string
}

export interface CurrencyAmount {
  currency: Currency
  amount: Minor
}

/** How many, and how much: one total per currency, never one sum across currencies. */
export interface Tally {
  count: number
  totals: CurrencyAmount[]
}

export type ShiftState = 'open' | 'closed'

export interface ShiftView {
  id: string
  state: ShiftState
  /** The till's name when the shift opened. */
  till: string
  /** The gateway environment the shift runs in; its figures come from that environment only. */
  environment: Environment
  openedBy: ShiftPerson
  openedAt: string
  openingFloat: CurrencyAmount | null
  closedBy: ShiftPerson | null
  closedAt: string | null
  /** The Z-report's number once closed. */
  zNumber: number | null
  /** When this shift passes the end of the day (till's local time); see ShiftReminder. */
  endOfDayAt: string
  /** Still open after the end of the day it was opened on. */
  pastEndOfDay: boolean
}

/** Shown while a shift is left open past the end of the day. */
export interface ShiftReminder {
  shiftId: string
  openedBy: ShiftPerson
  openedAt: string
  endOfDayAt: string
  /** In words, ready to show. */
  message: string
}

export interface ShiftSettingsView {
  /** End of the business day, "HH:MM" in the till's local time. */
  endOfDay: string
  /** IANA time zone the end of day is read in (the computer's zone unless set). */
  timeZone: string
}

export interface ShiftStatus {
  current: ShiftView | null
  reminder: ShiftReminder | null
  settings: ShiftSettingsView
}

/** Outcomes of collections (charges paid by transfer). `late`: money that came with no open charge. */
export const COLLECTION_OUTCOMES = ['paid', 'part_paid', 'overpaid', 'late'] as const
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number]

export interface CollectionsFigures {
  /** Totals are the money received (successful transfers), per currency. */
  byOutcome: Record<CollectionOutcome, Tally>
  /** Charges with nothing received yet; totals are the amounts due. */
  awaiting: Tally
  /** Charges cancelled; totals are what had been received on them (usually none). */
  cancelled: Tally
  /** Everything received, all outcomes together, per currency. */
  received: CurrencyAmount[]
  /**
   * Transfers an earlier sealed Z-report of this till counted that the shop's rule has since
   * given to another till's sale: a correction, subtracted (the sealed report never changes).
   * Absent in reports sealed before corrections.
   */
  movedOut?: Tally
  /**
   * The matching line on the till whose sale the shop's rule gave such a transfer to, when
   * this till had not counted it itself: added. Absent in reports sealed before it.
   */
  movedIn?: Tally
}

/** Hosted (checkout) payments. `pending` includes ones still starting. */
export const HOSTED_PAYMENT_LINES = ['success', 'pending', 'failed', 'abandoned'] as const
export type HostedPaymentLine = (typeof HOSTED_PAYMENT_LINES)[number]

/** Refunds issued. `pending` includes processing and starting. */
export const REFUND_LINES = ['success', 'pending', 'failed'] as const
export type RefundLine = (typeof REFUND_LINES)[number]

/**
 * Payouts, in the payouts model's words. `sent`: the gateway confirmed success. `unknown`: the
 * outcome is not known yet; `needs_review`: held for someone to check. Both are counted as
 * they stand when the report is taken, each on its own line, and never as failed.
 */
export const PAYOUT_LINES = [
  'drafted',
  'approved',
  'sent',
  'failed',
  'reversed',
  'rejected',
  'unknown',
  'needs_review',
] as const
export type PayoutLine = (typeof PAYOUT_LINES)[number]

/**
 * Direct debits on mandates. `success`: the gateway charged it; `failed`: it failed or was
 * decided not charged. `pending` and `unknown` (its answer was lost) are stated as they stand
 * when the report is taken, never added across reports.
 */
export const DEBIT_LINES = ['success', 'failed', 'pending', 'unknown'] as const
export type DebitLine = (typeof DEBIT_LINES)[number]

export interface ShiftFigures {
  collections: CollectionsFigures
  hostedPayments: Record<HostedPaymentLine, Tally>
  refunds: Record<RefundLine, Tally>
  payouts: Record<PayoutLine, Tally>
  /** Absent in reports sealed before debits were counted. */
  debits?: Record<DebitLine, Tally>
}

export interface CashierFigures {
  cashier: ShiftPerson
  figures: ShiftFigures
}

export type CarriedOverKind = 'charge' | 'late_transfer' | 'hosted_payment' | 'refund' | 'payout'

/** Something not finished when the report was taken: the next shift picks it up. */
export interface CarriedOverItem {
  kind: CarriedOverKind
  reference: string
  /** Where it stands, in words (e.g. "Part-paid: 1,000.00 of 2,500.00 received"). */
  what: string
  /** The underlying status word (e.g. part_paid, awaiting_approval, needs_review). */
  status: string
  /** The customer of a charge, the payee of a payout (absent in reports from before it). */
  party?: string
  amount: Minor
  currency: Currency
  since: string
  cashier: ShiftPerson | null
}

export type ShiftReportKind = 'x' | 'z'

/** One local hour of the day's money, in one currency (common/day-hours.ts), for the charts. */
export interface HourFigures {
  /** 0–23, in the till's time zone. */
  hour: number
  currency: string
  /** Received by bank transfer (late transfers included): integer minor units as text. */
  transferMinor: string
  /** Paid through the hosted checkout. */
  checkoutMinor: string
  /** Paid out (payouts the gateway confirmed). */
  payoutsMinor: string
}

export interface ShiftReport {
  kind: ShiftReportKind
  shift: ShiftView
  /** Z-report number; null for an X-report. */
  zNumber: number | null
  generatedAt: string
  /**
   * The period covered: from the previous Z-report's close (this shift's opening for the
   * till's first) to now (X) or to the close (Z). Activity while no shift was open counts in
   * the next Z-report, so nothing falls between two.
   */
  from: string
  to: string
  till: ShiftFigures
  cashiers: CashierFigures[]
  carriedOver: CarriedOverItem[]
  /** Sources that could not be read in full, in words; the figures leave them out. */
  warnings: string[]
  /** A Z-report's reconciliation of its period with the gateway (absent on X-reports and older Zs). */
  reconciliation?: ZReconciliation
  /** The same money by hour of the day, for the charts (absent in reports sealed before). */
  hours?: HourFigures[]
}

/** The Z-report's place in the till's chain of sealed reports. */
export interface ZSeal {
  number: number
  /** Seal of the previous Z-report (64 zeros for the first). */
  previous: string
  /** HMAC-SHA256 under the till's device key, over the report and `previous`. */
  seal: string
  sealedAt: string
}

export type ZIntegrityStatus = 'intact' | 'altered' | 'unchecked'

export interface ZIntegrity {
  /** `unchecked`: no device key in the keychain, so the seal can't be checked (in words in `problem`). */
  status: ZIntegrityStatus
  problem: string | null
}

export interface ZReportView {
  report: ShiftReport
  seal: ZSeal
  integrity: ZIntegrity
}

export interface ZReportSummary {
  number: number
  shiftId: string
  till: string
  openedBy: ShiftPerson
  closedBy: ShiftPerson
  openedAt: string
  closedAt: string
  /** Everything received in the shift, per currency. */
  received: CurrencyAmount[]
  carriedOver: number
  seal: string
  integrity: ZIntegrity
}

export interface ZReportList {
  /** Newest first. */
  items: ZReportSummary[]
  page: number
  pageSize: number
  totalItems: number
  totalPages: number
  /** The whole chain checked link by link. */
  chain: ZIntegrity
}

export const SHIFT_DOCUMENT_FORMATS = ['html80', 'htmlA4', 'pdf80', 'pdfA4', 'csv'] as const
export type ShiftDocumentFormat = (typeof SHIFT_DOCUMENT_FORMATS)[number]

/** A printable or savable report. HTML and CSV come as text, PDF as base64. */
export interface ShiftDocument {
  filename: string
  mediaType: 'text/html' | 'text/csv' | 'application/pdf'
  text: string | null
  base64: string | null
}

const ShiftId = z.string().regex(/^sh_[A-Za-z0-9]{6,40}$/, 'Unknown shift.')
const ZNumber = z.number().int().min(1, 'Unknown Z-report.').max(1_000_000_000)

export const ShiftOpenInput = z.strictObject({
  /** Cash in the drawer at opening, integer minor units; leave out when not counted. */
  openingFloat: z
    .number()
    .int('The float is a whole number of minor units.')
    .min(0, 'The float cannot be negative.')
    .max(MAX_MINOR, 'That float is too large.')
    .optional(),
  currency: z.enum(CURRENCIES).optional(),
})
export type ShiftOpenInput = z.input<typeof ShiftOpenInput>

export const ShiftDocumentInput = z.strictObject({
  report: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('x') }),
    z.strictObject({ kind: z.literal('z'), number: ZNumber }),
  ]),
  format: z.enum(SHIFT_DOCUMENT_FORMATS),
})
export type ShiftDocumentInput = z.input<typeof ShiftDocumentInput>

const EndOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 22:00.')
const TimeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'Pick a time zone from the list.')

export const shiftsChannels = defineChannels({
  'shifts.status': {
    input: NoInput,
    result: returns<ShiftStatus>(),
    role: 'cashier',
    summary: "This till's open shift (or none), the end-of-day reminder and the shift settings.",
  },
  'shifts.open': {
    input: ShiftOpenInput,
    result: returns<ShiftView>(),
    role: 'cashier',
    summary: 'Opens a shift on this till (one at a time), with an optional opening float.',
  },
  'shifts.xReport': {
    input: NoInput,
    result: returns<ShiftReport>(),
    role: 'cashier',
    summary: 'The open shift figures so far (X-report); not kept, not sealed.',
  },
  'shifts.close': {
    input: z.strictObject({ shiftId: ShiftId }),
    result: returns<ZReportView>(),
    role: 'cashier',
    summary: 'Closes the shift (its opener, or a supervisor) and seals its Z-report.',
  },
  'shifts.zReports': {
    input: z
      .strictObject({
        page: z.number().int().min(1).default(1),
        pageSize: z.number().int().min(1).max(100).default(25),
      })
      .optional(),
    result: returns<ZReportList>(),
    role: 'supervisor',
    summary: 'Z-reports of this till, newest first, each with its seal checked.',
  },
  'shifts.zReport': {
    input: z.strictObject({ number: ZNumber }),
    result: returns<ZReportView>(),
    role: 'supervisor',
    summary: 'One Z-report with its seal checked.',
  },
  'shifts.document': {
    input: ShiftDocumentInput,
    result: returns<ShiftDocument>(),
    role: 'cashier',
    summary:
      'An X- or Z-report as 80 mm or A4 HTML, PDF or CSV. A Z-report: its closer right after closing, otherwise supervisors (reprint).',
  },
  'shifts.updateSettings': {
    input: z.strictObject({ endOfDay: EndOfDay.optional(), timeZone: TimeZone.optional() }),
    result: returns<ShiftSettingsView>(),
    role: 'admin',
    summary: 'Sets the end-of-day time (and its time zone) for the open-shift reminder.',
  },
})

export const shiftsEvents = defineEvents({
  /** A shift opened or closed, the reminder came or went, or the settings changed. */
  'shifts.changed': payload<ShiftStatus>(),
  /** The open shift just passed the end of the day (sent once per shift, then kept in status). */
  'shifts.reminder': payload<ShiftReminder>(),
  /** A shift was just closed: its sealed Z-report (shop mode tells the other tills its totals). */
  'shifts.closed': payload<ZReportView>(),
})

/** Words for the report lines, shared by the screens and the printouts. */
export const COLLECTION_OUTCOME_LABEL: Record<CollectionOutcome, string> = {
  paid: 'Paid',
  part_paid: 'Part-paid',
  overpaid: 'Overpaid',
  late: 'Late transfers',
}
export const HOSTED_PAYMENT_LABEL: Record<HostedPaymentLine, string> = {
  success: 'Paid',
  pending: 'Not finished',
  failed: 'Failed',
  abandoned: 'Abandoned',
}
export const REFUND_LABEL: Record<RefundLine, string> = {
  success: 'Refunded',
  pending: 'In progress',
  failed: 'Failed',
}
export const DEBIT_LABEL: Record<DebitLine, string> = {
  success: 'Charged',
  failed: 'Failed',
  pending: 'Processing',
  unknown: 'Outcome unknown',
}
export const PAYOUT_LINE_LABEL: Record<PayoutLine, string> = {
  drafted: 'Drafted',
  approved: 'Approved',
  sent: 'Sent (bank confirmed)',
  failed: 'Failed',
  reversed: 'Returned',
  rejected: 'Rejected',
  unknown: 'Outcome unknown',
  needs_review: 'Needs review',
}
