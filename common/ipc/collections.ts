// Collections: customers' dedicated virtual accounts, charges waiting for a bank transfer,
// reconciliation, receipts (their types in receipts.ts) and history. Main decides every amount and status; these types
// carry the decision to the cashier's screens and the customer display.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import { CURRENCIES, type Currency, type Minor } from '../money'
import { defineChannels, defineEvents, payload, returns, type Said } from './contract'
import {
  ReceiptPaperSchema,
  ReceiptSettingsSchema,
  type ReceiptPaper,
  type PrinterInfo,
  type PrintResult,
  type Receipt,
  type ReceiptSettings,
} from './receipts'
import { NoInput } from './shared'

export * from './receipts'

/**
 * `unknown`: the gateway used a status word the spec does not name. It is shown in words with
 * the gateway's own word (`gatewayStatus`), never counted, and may still settle later.
 */
export type TransferStatus = 'success' | 'processing' | 'failed' | 'unknown'
export type PaymentStatus = 'awaiting' | 'part_paid' | 'paid' | 'overpaid'
export type ChargeState = 'open' | 'closed' | 'cancelled'
export type OverpaymentDecision = 'refund' | 'credit'

/** A customer's dedicated account, as the instructions screen shows it. */
export interface CustomerAccount {
  accountReference: string
  accountNumber: string
  /** The holder name the customer's bank app will show. */
  accountName: string
  bankName: string
  bankCode: string | null
  currency: Currency
  customerEmail: string
  metadata: Record<string, string | number | boolean | null>
  createdAt: string | null
}

/** Totals of one charge, decided in main (main/collections/reconcile.ts). */
export interface ReconciliationView {
  status: PaymentStatus
  amountDue: Minor
  /** Sum of successful transfers. */
  received: Minor
  /** Sum of transfers still processing (shown, not yet counted). */
  pending: Minor
  /** What the customer still has to send; zero unless part-paid or awaiting. */
  balanceDue: Minor
  /** How much more than due arrived; zero unless overpaid. */
  overpaidBy: Minor
  counted: string[]
  processing: string[]
  failed: string[]
  /** Transfers in another currency than the charge's: shown, never added. */
  otherCurrency: string[]
  /** Transfers whose status the gateway named with a word the spec does not: never counted. */
  unknown: string[]
  /** Transfers a person must look at, each with the reason in words. */
  needsReview: { reference: string; reason: string }[]
}

export interface Acknowledgement {
  by: string
  at: string
  note: string
}

/** One incoming transfer into a virtual account, as we observed it. */
export interface TransferView {
  reference: string
  accountReference: string
  amount: Minor
  /**
   * The currency the gateway reported, as it wrote it. It may differ from the account's (and
   * even be one Tilldesk does not support): such a transfer is listed for review, never counted.
   */
  currency: string
  status: TransferStatus
  /** The gateway's own status word (differs from `status` only when that is `unknown`). */
  gatewayStatus?: string
  /** Why this transfer needs a person (another currency, an unknown status); null when not. */
  review?: string | null
  /** The account holder's name when this till knows it, so no screen shows only a reference. */
  customerName?: string | null
  narration: string
  /** The gateway's time of the transfer. */
  createdAt: string
  /** When this till first saw it. */
  firstSeenAt: string
  /** The charge it pays, or (when late) the charge it came after. */
  chargeId: string | null
  /** Arrived when no open charge could take it: money in the account the cashier must look at. */
  late: boolean
  acknowledgement: Acknowledgement | null
  /**
   * In a shop: counted here while this till was out of step, then given by the shop's rule to
   * this other till's sale (so no longer counted here; goods may have left twice).
   */
  claimedBy?: string | null
}

/** A transfer into the customer's account that the shop's rule gave to another till's sale. */
export interface ElsewhereTransfer {
  reference: string
  amount: Minor
  currency: string
  tillName: string
  createdAt: string
}

/** What the shop's claims say about a charge (docs/shop.md, "One transfer, one sale"). */
export interface ChargeShopView {
  /** Money that went to another till's sale for this customer: never counted here. */
  elsewhere: ElsewhereTransfer[]
  /** This till is out of step with the shop: one transfer could be claimed by two tills. */
  atRisk: boolean
  /** Counted here while out of step, then settled to another till's sale: an alarm. */
  disowned: ElsewhereTransfer[]
}

export interface ChargeView {
  id: string
  state: ChargeState
  account: CustomerAccount
  currency: Currency
  amountDue: Minor
  saleReference: string | null
  till: string
  openedBy: { id: string; name: string }
  openedAt: string
  closedAt: string | null
  reconciliation: ReconciliationView
  /** Transfers attributed to this charge (late ones excluded), newest first. */
  transfers: TransferView[]
  /** Overpaid and still open: the cashier must record what happens to the extra. */
  needsDecision: boolean
  overpayment: { decision: OverpaymentDecision; note: string; by: string; at: string } | null
  cancellation: { reason: string; by: string; at: string } | null
  /** When the receipt was first printed (reprints need a supervisor); absent: never. */
  receiptPrintedAt?: string | null
  /** In shop mode only: the shop's claims on this customer's account. */
  shop?: ChargeShopView
}

/** A known customer, as search shows it: always with a name, never a bare `TD-…` reference. */
export interface CustomerSummary {
  accountReference: string
  name: string
  email: string
  phone: string | null
  accountNumber: string
  bankName: string
  currency: Currency
  /** The BVN as it may be shown: all but the last 3 digits hidden ("••••••••123"). */
  bvnMasked: string | null
  /** Which field the search matched. */
  matched: 'name' | 'phone' | 'email' | 'reference'
}

/**
 * The result of "create customer". A customer whose e-mail or BVN is already known gets
 * their existing account back (`existing: true`), never a second one.
 */
export interface CustomerCreated extends CustomerAccount {
  existing: boolean
  /** What identified the existing customer; null for a new account. */
  matchedBy: 'email' | 'bvn' | null
  /** Shown to the cashier, e.g. "Ada Obi already has an account (found by e-mail)." */
  message: string
  /** The same keyed (`collections.customer.*`), for the screen's language. */
  say?: Said
  /** The BVN as it may be shown (last 3 digits); null when this till never had it. */
  bvnMasked: string | null
}

/** The schedule of a "customer says it's sent" burst of checks. */
export interface FastCheck {
  chargeId: string
  /** A check runs now (or is already in flight). */
  checkingNow: boolean
  /** Until when the account is polled at `intervalMs`. */
  fastUntil: string
  intervalMs: number
  /** Words for the cashier, e.g. "Checking every 2 seconds for 1 minute." */
  message: string
}

/** The watcher's health, for the offline banner. */
export interface CollectionsStatus {
  online: boolean
  /** Why the gateway can't be reached, in words; null when online. */
  offlineReason: string | null
  lastSuccessAt: string | null
  /** When the watcher will try again (during backoff). */
  nextAttemptAt: string | null
  /** Accounts currently watched. */
  watching: number
  /** Accounts polled at the fast interval because an instructions screen waits on them. */
  waiting: number
  /** Transfers found while catching up after the last outage. */
  caughtUp: number
  /** Malformed items skipped (and counted) in the last successful poll; they never stop it. */
  skipped: number
}

/** What the customer-facing display shows: the charge the cashier has on screen, or nothing. */
export interface CustomerDisplayState {
  charge: ChargeView | null
  tillName: string
}

export interface HistoryRow extends TransferView {
  /** Sale reference of the attributed charge, when known. */
  saleReference: string | null
  /** `charge` when it paid a charge, `late` when surfaced, `unattributed` when this till never saw it. */
  attribution: 'charge' | 'late' | 'unattributed'
}

export interface HistoryPage {
  rows: HistoryRow[]
  /** Items on this page too malformed to show (skipped and counted, never fatal). */
  skipped?: number
  page: number
  pageSize: number
  totalItems: number
  totalPages: number
}

export interface ExportResult {
  exportId: string
  filename: string
  csv: string
  rows: number
}

export interface ExportProgress {
  exportId: string
  done: number
  total: number
  finished: boolean
}

const Text = (max: number, message: string) => z.string().trim().min(1, message).max(max)
const ChargeId = z.string().regex(/^ch_[A-Za-z0-9]{6,40}$/, 'Unknown charge.')
const AccountReference = z
  .string()
  .trim()
  .min(1, 'Enter the account reference.')
  .max(64, 'Account references are at most 64 characters.')
  .regex(REFERENCE_PATTERN, 'Use letters, digits, dot, dash or underscore.')
/** Amounts cross as the text the cashier typed; main parses it with parseUserAmount. */
const AmountText = z.string().trim().min(1, 'Enter an amount.').max(40, 'That amount is too long.')
const SaleReference = z
  .string()
  .trim()
  .max(64, 'Sale references are at most 64 characters.')
  .optional()
const IsoDay = z.iso.date({ message: 'Use a date, YYYY-MM-DD.' })

export const HistoryFilterSchema = z.strictObject({
  accountReference: AccountReference.optional(),
  status: z.enum(['success', 'processing', 'failed']).optional(),
  from: IsoDay.optional(),
  to: IsoDay.optional(),
})
export type HistoryFilter = z.output<typeof HistoryFilterSchema>

export const collectionsChannels = defineChannels({
  'customer.search': {
    input: z.strictObject({
      query: z.string().trim().min(1, 'Type a name, phone, e-mail or reference.').max(100),
      limit: z.number().int().min(1).max(50).optional(),
    }),
    result: returns<CustomerSummary[]>(),
    role: 'cashier',
    summary: 'Known customers matching a name, phone, e-mail or account reference.',
  },
  'customer.find': {
    input: z.strictObject({
      by: z.enum(['reference', 'email']),
      value: z.string().trim().min(1, 'Enter a reference or e-mail.').max(254),
    }),
    result: returns<CustomerAccount | null>(),
    role: 'cashier',
    summary: "Finds a customer's dedicated account by account reference or e-mail.",
  },
  'customer.create': {
    input: z.strictObject({
      name: z.string().max(200),
      email: z.string().max(300),
      bvn: z.string().max(40),
      phone: z.string().max(40).optional(),
      currency: z.enum(CURRENCIES).optional(),
      accountReference: z.string().max(100).optional(),
      saleReference: SaleReference,
    }),
    result: returns<CustomerCreated>(),
    role: 'cashier',
    summary:
      "Reserves a dedicated account (BVN checked before sending); a known e-mail or BVN returns the customer's existing account.",
  },
  'charge.open': {
    input: z.strictObject({
      accountReference: AccountReference,
      amount: AmountText,
      saleReference: SaleReference,
    }),
    result: returns<ChargeView>(),
    role: 'cashier',
    summary: 'Opens a charge for the amount due; the watcher starts looking for the transfer.',
  },
  'charge.get': {
    input: z.strictObject({ chargeId: ChargeId }),
    result: returns<ChargeView>(),
    role: 'cashier',
    summary: 'One charge with its reconciliation.',
  },
  'charge.list': {
    input: z.strictObject({ scope: z.enum(['open', 'recent']) }),
    result: returns<ChargeView[]>(),
    role: 'cashier',
    summary: 'Open charges, or the most recent ones.',
  },
  'charge.cancel': {
    input: z.strictObject({
      chargeId: ChargeId,
      reason: Text(200, 'Say why the charge is cancelled.'),
    }),
    result: returns<ChargeView>(),
    role: 'cashier',
    summary: 'Cancels an open charge; later transfers show as late.',
  },
  'charge.decideOverpayment': {
    input: z.strictObject({
      chargeId: ChargeId,
      decision: z.enum(['refund', 'credit']),
      note: z.string().trim().max(200, 'Keep the note to 200 characters.'),
    }),
    result: returns<ChargeView>(),
    role: 'cashier',
    summary: 'Records what happens to an overpayment (refund or credit) and closes the charge.',
  },
  'charge.watch': {
    input: z.strictObject({ chargeId: ChargeId, waiting: z.boolean() }),
    result: returns<{ leaseMs: number }>(),
    role: 'cashier',
    summary:
      'An instructions screen is (or stops) waiting on a charge: fast polling. Renew before leaseMs.',
  },
  'charge.customerSaysSent': {
    input: z.strictObject({ chargeId: ChargeId }),
    result: returns<FastCheck>(),
    role: 'cashier',
    summary:
      'The customer says the transfer is sent: check now, then check faster for a short while (within the rate budget).',
  },
  'customerDisplay.show': {
    input: z.strictObject({ chargeId: ChargeId.nullable() }),
    result: returns<CustomerDisplayState>(),
    role: 'cashier',
    summary: 'Chooses the charge the customer-facing display mirrors (null: welcome screen).',
  },
  'customerDisplay.open': {
    input: NoInput,
    result: returns<{ opened: boolean; url: string | null }>(),
    role: 'cashier',
    summary:
      'Opens the customer-facing display (a window on the secondary display; in the preview, a URL for another tab).',
  },
  'customerDisplay.get': {
    input: NoInput,
    result: returns<CustomerDisplayState>(),
    role: 'public',
    summary: 'What the customer-facing display shows now (no secrets, no other customers).',
  },
  'collections.status': {
    input: NoInput,
    result: returns<CollectionsStatus>(),
    role: 'cashier',
    summary: 'Watcher health for the offline banner.',
  },
  'collections.late': {
    input: z.strictObject({ includeAcknowledged: z.boolean().optional() }),
    result: returns<TransferView[]>(),
    role: 'cashier',
    summary: 'Transfers that arrived when no open charge could take them.',
  },
  'collections.acknowledgeLate': {
    input: z.strictObject({
      reference: z.string().min(1).max(100),
      note: Text(200, 'Say what was done about this transfer.'),
    }),
    result: returns<TransferView>(),
    role: 'cashier',
    summary: 'Records what the cashier did about a late transfer.',
  },
  'history.list': {
    input: HistoryFilterSchema.extend({
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(100),
    }),
    result: returns<HistoryPage>(),
    role: 'cashier',
    summary: 'One page of virtual-account transactions, from the gateway.',
  },
  'history.export': {
    input: z.strictObject({
      exportId: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/),
      filter: HistoryFilterSchema,
    }),
    result: returns<ExportResult>(),
    role: 'cashier',
    summary: 'All matching transactions as CSV; progress arrives as history.exportProgress.',
  },
  'receipt.get': {
    input: z.strictObject({ chargeId: ChargeId }),
    result: returns<Receipt>(),
    role: 'cashier',
    summary: 'The receipt of a charge, worded and formatted.',
  },
  'receipt.pdf': {
    input: z.strictObject({ chargeId: ChargeId }),
    result: returns<{ filename: string; base64: string }>(),
    role: 'cashier',
    summary: 'The receipt as PDF (Electron printToPDF; not available in the browser preview).',
  },
  'receipt.print': {
    input: z.strictObject({ chargeId: ChargeId, paper: ReceiptPaperSchema.optional() }),
    result: returns<PrintResult>(),
    role: 'cashier',
    summary: "Prints the charge's receipt silently on the chosen printer (first print).",
  },
  'receipt.reprint': {
    input: z.strictObject({ chargeId: ChargeId, paper: ReceiptPaperSchema.optional() }),
    result: returns<PrintResult>(),
    role: 'supervisor',
    summary: 'Prints a receipt again (a supervisor decides on copies).',
  },
  'receipt.html': {
    input: z.strictObject({ chargeId: ChargeId, paper: ReceiptPaperSchema.optional() }),
    result: returns<{ html: string; paper: ReceiptPaper }>(),
    role: 'cashier',
    summary: 'The receipt laid out for the paper, as a self-contained page (preview and print).',
  },
  'receipt.printers': {
    input: NoInput,
    result: returns<{ available: boolean; printers: PrinterInfo[] }>(),
    role: 'admin',
    summary: "The system's printers (Electron's list; none in the browser preview).",
  },
  'receipt.settings': {
    input: NoInput,
    result: returns<ReceiptSettings>(),
    role: 'cashier',
    summary: 'The receipt printer, paper and auto-print option.',
  },
  'receipt.saveSettings': {
    input: ReceiptSettingsSchema,
    result: returns<ReceiptSettings>(),
    role: 'admin',
    summary: 'Chooses the receipt printer and paper, and turns auto-print on paid on or off.',
  },
  'demo.simulateTransfer': {
    input: z.strictObject({
      accountReference: AccountReference,
      amount: AmountText,
      status: z.enum(['success', 'failed']).optional(),
    }),
    result: returns<{ reference: string }>(),
    role: 'cashier',
    summary:
      "Training only (Demo environment): the embedded sandbox receives a customer's transfer.",
  },
  'demo.simulateOutage': {
    input: z.strictObject({ active: z.boolean() }),
    result: returns<{ active: boolean }>(),
    role: 'cashier',
    summary:
      'Training only (Demo environment): the embedded gateway answers every call with 502 until turned off.',
  },
  'demo.outage': {
    input: NoInput,
    result: returns<{ active: boolean }>(),
    role: 'cashier',
    summary:
      'Training only (Demo environment): whether the embedded gateway is in a simulated outage now (asked of the gateway, so every screen shows the same).',
  },
  'demo.loseNextAnswer': {
    input: z.strictObject({ armed: z.boolean() }),
    result: returns<{ armed: boolean }>(),
    role: 'cashier',
    summary:
      'Training only (Demo environment): the embedded gateway takes the next payout, refund or debit and loses its answer (the connection drops after it committed); lookups and reads are not touched.',
  },
  'demo.nextAnswer': {
    input: NoInput,
    result: returns<{ armed: boolean }>(),
    role: 'cashier',
    summary:
      "Training only (Demo environment): whether the embedded gateway will lose the next payout's, refund's or debit's answer (asked of the gateway: it is spent by that request).",
  },
})

export const collectionsEvents = defineEvents({
  'charge.updated': payload<ChargeView>(),
  'receipt.printed': payload<PrintResult & { chargeId: string }>(),
  'collections.lateTransfer': payload<TransferView>(),
  'collections.status': payload<CollectionsStatus>(),
  'customerDisplay.changed': payload<CustomerDisplayState>(),
  'history.exportProgress': payload<ExportProgress>(),
})
