// What happened at the till, as the shift report needs it: facts read from each feature's own
// records, reduced to the few fields a report counts. Times are ISO strings; money is integer
// minor units with its currency.
import type { Currency, Minor } from '../../common/money'
import type { PaymentStatus } from '../../common/ipc/collections'
import type { ShiftPerson } from '../../common/ipc/shifts'
import type { Environment } from '../../common/ipc/shared'

export interface ChargeFact {
  id: string
  /** open, closed or cancelled. */
  state: string
  /** The reconciliation's word: awaiting, part_paid, paid, overpaid. */
  status: PaymentStatus
  currency: Currency
  amountDue: Minor
  received: Minor
  /** Transfers still processing. */
  pending: Minor
  customer: string
  openedBy: ShiftPerson
  openedAt: string
  /** When it was finished (paid and closed, decided, or cancelled); null while open. */
  closedAt: string | null
  /** The transfers counted towards it (success, in its currency), each when the till saw it. */
  transfers: CountedTransfer[]
}

export interface CountedTransfer {
  reference: string
  amount: Minor
  at: string
}

export interface LateTransferFact {
  reference: string
  amount: Minor
  currency: Currency
  /** success, processing or failed. */
  status: string
  firstSeenAt: string
  acknowledged: boolean
  /** The opener of the charge it came after, when there was one. */
  cashier: ShiftPerson | null
  /**
   * The till whose sale the shop's rule gave it to, after this till counted it while out of
   * step with the shop (main/collections/ledger.ts, disown); null or absent: not given away.
   */
  claimedBy?: string | null
}

/**
 * A transfer as the collections journal last recorded it, for the reconciliation's match
 * (main/reconcile): the report's own read of the period, so the Z-report's step reads nothing
 * again.
 */
export interface TransferFact {
  reference: string
  amount: Minor
  currency: string
  /** The gateway's word when the till kept it, else the till's. */
  status: string
  /** On the gateway's clock. */
  createdAt: string
  /** Given by the shop's rule to another till's sale: that till counts it. */
  claimed: boolean
}

/**
 * A transfer the shop's rule gave to this till's sale after another till counted it (told by
 * that till, main/shop/moves.ts); counted here once unless this till counted it itself.
 */
export interface MovedInFact {
  reference: string
  amount: Minor
  currency: Currency
}

export interface HostedPaymentFact {
  reference: string
  /** starting, pending, success, failed, abandoned, or a word a newer gateway sends. */
  status: string
  amount: Minor
  currency: Currency
  createdAt: string
  /** When it was paid (or last verified final); null while pending. */
  settledAt: string | null
  /** The cashier's name as the payments journal keeps it. */
  takenBy: string | null
}

export interface RefundFact {
  reference: string
  status: string
  amount: Minor
  currency: Currency
  createdAt: string
  /** Its last change (for a settled refund, when it settled as far as the till knows). */
  updatedAt: string | null
  issuedBy: string | null
}

/** A direct debit on a mandate, from the debits journal (main/mandates). */
export interface DebitFact {
  reference: string
  /** starting, pending, success, failed, not_sent, not_paid, or a word a newer gateway sends. */
  status: string
  amount: Minor
  currency: Currency
  createdAt: string
  /** When the gateway finished it, as far as the till knows; null while not final. */
  completedAt: string | null
  /** The cashier's name as the debits journal keeps it. */
  chargedBy: string | null
  /** Its answer was lost and nobody has decided it yet: its outcome is not known. */
  unknown: boolean
}

/** One step of a payout's history, from the payout journal. */
export interface PayoutEvent {
  reference: string
  at: string
  /** 'created' for a new draft; otherwise the state it moved to. */
  to: string
}

export interface PayoutFact {
  reference: string
  state: string
  amount: Minor
  currency: Currency
  maker: ShiftPerson
  payee: string
  createdAt: string
  updatedAt: string
  /**
   * A supervisor's decision on an outcome the till could not learn: `not_paid` leaves the
   * state `rejected`, which alone reads as "refused before it was sent".
   */
  decided?: 'paid' | 'not_paid'
}

export interface Activity {
  charges: ChargeFact[]
  lateTransfers: LateTransferFact[]
  hostedPayments: HostedPaymentFact[]
  refunds: RefundFact[]
  payoutEvents: PayoutEvent[]
  payouts: PayoutFact[]
  debits: DebitFact[]
  /** Every transfer of the collections read (absent where an activity is made by hand). */
  transfers?: TransferFact[]
  /** Transfers the shop moved to this till (moved-in.ts); absent on a single till. */
  movedIn?: MovedInFact[]
  /** Sources that could not be read in full, in words. */
  warnings: string[]
}

export const emptyActivity = (): Activity => ({
  charges: [],
  lateTransfers: [],
  hostedPayments: [],
  refunds: [],
  payoutEvents: [],
  payouts: [],
  debits: [],
  transfers: [],
  warnings: [],
})

/** What the books (books.ts) read from the features' journals: only the trimmed ones. */
export interface SettledSource {
  settled(
    environment: Environment,
  ): Promise<Pick<Activity, 'hostedPayments' | 'refunds' | 'debits'>>
}
