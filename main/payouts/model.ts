// The payout item and the words around it. One item is one disbursement the till intends to
// make; its `reference` is the merchant reference sent to the gateway, fixed at creation and
// never changed, which is what makes every retry safe.
import type { Currency, Minor } from '../../common/money'
import type { Alarm } from '../exactly-once/alarm'
import type { Transfer } from '../../common/api/disbursements'

export const PAYOUT_STATES = [
  'draft',
  'awaiting_approval',
  'approved',
  'sending',
  'unknown',
  'submitted',
  'success',
  'failed',
  'reversed',
  'rejected',
  'needs_review',
  'expired',
] as const
export type PayoutState = (typeof PAYOUT_STATES)[number]

/** States nothing moves out of (reversed is final; success can still become reversed). */
export const FINAL_STATES: readonly PayoutState[] = ['failed', 'reversed', 'rejected']
/** The gateway has decided; success may still be reversed later by the receiving bank. */
export const SETTLED_STATES: readonly PayoutState[] = ['success', 'failed', 'reversed']
/** A request may be at the gateway: only the sender touches these. */
export const IN_FLIGHT_STATES: readonly PayoutState[] = ['sending', 'unknown', 'submitted']
/** Items that count towards limits: money is moving, may move, or has moved. */
export const COMMITTED_STATES: readonly PayoutState[] = [
  'awaiting_approval',
  'approved',
  'sending',
  'unknown',
  'submitted',
  'success',
  'reversed',
  'needs_review',
]

export const PURPOSES = ['supplier', 'refund', 'cash_out'] as const
export type Purpose = (typeof PURPOSES)[number]

export type ActorRole = 'cashier' | 'supervisor' | 'admin' | 'system'

/** Who did something. Names are copied in so the audit log reads on its own. */
export interface ActorRef {
  id: string
  name: string
  role: ActorRole
}

export const SYSTEM_ACTOR: ActorRef = { id: 'system', name: 'Tilldesk', role: 'system' }

export interface Approval {
  by: ActorRef
  at: number
  expiresAt: number
  /** bindingHash() of the details the approver saw; any edit makes it stale. */
  bindingHash: string
  /** The device key's signature over the above (binding.ts signApproval); absent before. */
  signature?: string
}

/** The outcome of the latest name enquiry against the bank. */
export interface NameCheck {
  status: 'matched' | 'mismatch'
  /** The holder name the bank returned. */
  bankName: string
  at: number
}

/** The latest gateway answer about this item's transfer. */
export interface TransferSnapshot {
  /** As the gateway said it; a status we don't know stays `unknown` (never read as paid). */
  status: Transfer['status']
  fee: Minor | null
  failureReason: string | null
  updatedAt: string | null
}

/** One thing Tilldesk tried while the outcome was unknown, and what the gateway said. */
export interface EvidenceStep {
  at: number
  call: 'send' | 'verify'
  /** In words: what happened or what the gateway said (its own text quoted). */
  said: string
}

/**
 * Why a payout's fate is not known. Set when an attempt's outcome was lost and kept for good:
 * from then on only the gateway's answer for this reference (or a supervisor) settles it.
 */
export interface Uncertainty {
  since: number
  /** When the latest request whose answer we lost was sent off; null when none (a 409). */
  lastUnknownAt: number | null
  /** The gateway refused a resend: never send again, only look up. */
  resendRefused: boolean
  /** The gateway said (409) a record with this reference exists: never send again. */
  existsSaid: boolean
  /** The first step, then the latest ones (bounded). */
  steps: EvidenceStep[]
}

/** A decided payout the gateway may still contradict (looked up for the reversal window). */
export const isDecided = (item: PayoutItem): boolean =>
  Boolean(item.resolution) && !item.alarm && (item.state === 'rejected' || item.state === 'success')

/** A supervisor's decision on a payout whose outcome Tilldesk could not find out. */
export interface Resolution {
  outcome: 'paid' | 'not_paid'
  by: ActorRef
  at: number
  reason: string
  /** The gateway's reference for the transfer (required for "paid"). */
  gatewayReference: string | null
}

/** The last problem, in words, for the outbox list. */
export interface Problem {
  code: string
  message: string
  at: number
  /** True while the sender is still working on it (e.g. retrying after a timeout). */
  transient: boolean
}

export interface PayoutItem {
  reference: string
  state: PayoutState
  purpose: Purpose
  amount: Minor
  currency: Currency
  bankCode: string
  bankName: string
  accountNumber: string
  /**
   * The holder name this payout is for: the bank's name the cashier confirmed, or the name
   * they typed when the bank could not be asked (offline). Approval binds this.
   */
  accountName: string
  /** Where accountName came from. */
  nameSource: 'bank' | 'typed'
  nameCheck: NameCheck | null
  narration: string
  recipientEmail: string | null
  createdBy: ActorRef
  createdAt: number
  /** Everyone who created, edited or submitted it: none of them may approve it. */
  makers: string[]
  submittedAt: number | null
  approval: Approval | null
  decision: { by: ActorRef; at: number; reason: string } | null
  /** Why the item waits in needs_review. */
  reviewReason: string | null
  transfer: TransferSnapshot | null
  /** initialize calls made for this reference (all with the same reference). */
  sendAttempts: number
  problem: Problem | null
  /** Set once any attempt's outcome was unknown (absent in journals written before it). */
  uncertainty?: Uncertainty | null
  /** A supervisor's decision closing an unknown outcome. */
  resolution?: Resolution | null
  /**
   * The gateway later contradicted that decision and won (main/exactly-once/alarm.ts): what
   * happened in words, until a supervisor acknowledges it. Absent in older journals.
   */
  alarm?: Alarm | null
  /**
   * Shop events (ids) carrying decisions made on other tills that were already applied or
   * noted here: a decision pulled again after a crash changes nothing twice.
   */
  shopDecisions?: string[]
  updatedAt: number
}

/** The outcome was lost at some point and nothing but the gateway or a supervisor settled it. */
export const isUncertain = (item: PayoutItem): boolean =>
  (item.uncertainty ?? null) !== null && (item.state === 'unknown' || item.state === 'needs_review')

/** The fields a maker may edit; changing any of them cancels an approval. */
export interface EditableFields {
  purpose: Purpose
  amount: Minor
  bankCode: string
  bankName: string
  accountNumber: string
  accountName: string
  nameSource: 'bank' | 'typed'
  narration: string
  recipientEmail: string | null
}

export const isFinal = (state: PayoutState): boolean => FINAL_STATES.includes(state)
