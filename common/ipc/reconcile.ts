// Reconciliation against the gateway: for one day, the gateway's own lists matched to what
// Tilldesk recorded (this till's journals, and in a shop every till's), by reference. Main
// reads and compares; nothing here ever asks the gateway to move money (reads only).
//
// Money is integer minor units; totals travel as strings of integer minor units (summed as
// BigInt in main) and are never added across currencies. Every difference carries its
// explanation and what to do in both languages, so the CSV and the PDF say the same as the
// screen.
//
// Role rule: supervisors and admins (it reads the whole shop's money for a day).
import * as z from 'zod'
import { defineChannels, returns } from './contract'

/** The gateway's lists a day is matched against. */
export const RECONCILE_SOURCES = ['transfer_in', 'payment', 'payout', 'refund', 'debit'] as const
export type ReconcileSource = (typeof RECONCILE_SOURCES)[number]

/**
 * - `gateway_only`: at the gateway, unknown to Tilldesk.
 * - `till_only`: recorded by Tilldesk, unknown to the gateway.
 * - `amount`: both know it; the amount or currency differs.
 * - `status`: both know it; where it stands differs.
 */
export const DIFFERENCE_KINDS = ['gateway_only', 'till_only', 'amount', 'status'] as const
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number]

/** Words in both of the till's languages. */
export interface BothLanguages {
  en: string
  fr: string
}

/** One side's view of a record. `amount` null: that side did not give it. */
export interface ReconcileSide {
  amount: number | null
  currency: string | null
  /** The side's own status word (the gateway's as it sent it). */
  status: string
  at: string | null
  /** The till that recorded it (Tilldesk's side only). */
  till: string | null
}

export interface ReconcileDifference {
  kind: DifferenceKind
  source: ReconcileSource
  reference: string
  gateway: ReconcileSide | null
  till: ReconcileSide | null
  /** What differs, in words. */
  what: BothLanguages
  /** What to do about it. */
  todo: BothLanguages
}

/** Per list and currency: what settled (status success) on each side, and how many matched. */
export interface ReconcileTotal {
  source: ReconcileSource
  currency: string
  gatewayCount: number
  tillCount: number
  matched: number
  gatewaySettledMinor: string
  tillSettledMinor: string
}

/**
 * - `reconciled`: every list was read in full and nothing differs.
 * - `differences`: at least one difference (listed).
 * - `incomplete`: nothing differs in what could be read, but something could not be read (see
 *   `notes`), so the day is not called reconciled.
 */
export type ReconcileStatus = 'reconciled' | 'differences' | 'incomplete'

export interface ReconcileReport {
  /** YYYY-MM-DD in the till's time zone. */
  day: string
  timeZone: string
  from: string
  to: string
  checkedAt: string
  status: ReconcileStatus
  /** Records found on both sides and agreeing. */
  matched: number
  totals: ReconcileTotal[]
  differences: ReconcileDifference[]
  /** What could not be read or checked, in words (a list not offered, unreadable items). */
  notes: BothLanguages[]
  /** Whose records were matched: this till alone, or every till of the shop. */
  scope: 'till' | 'shop'
  tills: string[]
}

/** What a Z-report keeps of the reconciliation of its period (sealed with it). */
export interface ZReconciliation {
  status: ReconcileStatus | 'not_checked'
  from: string
  to: string
  checkedAt: string
  matched: number
  differences: number
  /** In words: the outcome, or why it could not be checked. */
  summary: BothLanguages
}

export interface ReconcileDocument {
  filename: string
  mediaType: 'text/csv' | 'application/pdf'
  text: string | null
  base64: string | null
}

const Day = z.iso.date()

export const ReconcileRunInput = z.strictObject({ day: Day })
export const ReconcileExportInput = z.strictObject({
  day: Day,
  format: z.enum(['csv', 'pdf']),
  language: z.enum(['en', 'fr']).default('en'),
})

export const reconcileChannels = defineChannels({
  'reconcile.run': {
    input: ReconcileRunInput,
    result: returns<ReconcileReport>(),
    role: 'supervisor',
    summary: "One day's gateway lists matched to Tilldesk's records, with every difference.",
  },
  'reconcile.export': {
    input: ReconcileExportInput,
    result: returns<ReconcileDocument>(),
    role: 'supervisor',
    summary: "One day's reconciliation as CSV or as a PDF for the books.",
  },
})
