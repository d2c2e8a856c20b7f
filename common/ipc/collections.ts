// Collections: customers' dedicated virtual accounts, charges waiting for a bank transfer,
// reconciliation, receipts and history. Main decides every amount and status; these types
// carry the decision to the cashier's screens and the customer display.
import * as z from 'zod'
import { REFERENCE_PATTERN } from '../api/primitives'
import { CURRENCIES, type Currency, type Minor } from '../money'
import { defineChannels, defineEvents, payload, returns } from './contract'
import { NoInput } from './shared'

export type TransferStatus = 'success' | 'processing' | 'failed'
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
  currency: Currency
  status: TransferStatus
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
}

/** What the customer-facing display shows: the charge the cashier has on screen, or nothing. */
export interface CustomerDisplayState {
  charge: ChargeView | null
  tillName: string
}

export interface ReceiptLine {
  label: string
  value: string
}

/** A receipt, already worded and formatted in main; the renderer only lays it out. */
export interface Receipt {
  number: string
  chargeId: string
  title: string
  issuedAt: string
  till: string
  cashier: string
  lines: ReceiptLine[]
  transfers: { reference: string; amount: string; status: string; at: string }[]
  footer: string
}

export interface HistoryRow extends TransferView {
  /** Sale reference of the attributed charge, when known. */
  saleReference: string | null
  /** `charge` when it paid a charge, `late` when surfaced, `unattributed` when this till never saw it. */
  attribution: 'charge' | 'late' | 'unattributed'
}

export interface HistoryPage {
  rows: HistoryRow[]
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
      currency: z.enum(CURRENCIES).optional(),
      accountReference: z.string().max(100).optional(),
      saleReference: SaleReference,
    }),
    result: returns<CustomerAccount>(),
    role: 'cashier',
    summary: 'Reserves a dedicated account (BVN checked before sending).',
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
})

export const collectionsEvents = defineEvents({
  'charge.updated': payload<ChargeView>(),
  'collections.lateTransfer': payload<TransferView>(),
  'collections.status': payload<CollectionsStatus>(),
  'customerDisplay.changed': payload<CustomerDisplayState>(),
  'history.exportProgress': payload<ExportProgress>(),
})
