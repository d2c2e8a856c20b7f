// Pure reconciliation: which charge a transfer belongs to, and what the transfers attributed
// to a charge add up to. No clock, no I/O: main decides here, screens only show the result.
import { compare, subtract, sum, ZERO, type Currency, type Minor } from '../../common/money'
import type {
  ChargeState,
  PaymentStatus,
  ReconciliationView,
  TransferStatus,
} from '../../common/ipc/collections'

/** What reconciliation needs to know about a transfer. */
export interface ReconcilableTransfer {
  readonly reference: string
  readonly amount: Minor
  /** As the gateway reported it: possibly another currency, or one Tilldesk does not support. */
  readonly currency: string
  readonly status: TransferStatus
  readonly gatewayStatus?: string | undefined
}

/**
 * Why a transfer needs a person, in words; null when it needs nobody. Another currency is
 * never converted or counted (we hold no rate the gateway stated), and a status word the spec
 * does not name is never read as success or failure.
 */
export function reviewReason(t: ReconcilableTransfer, chargeCurrency: string): string | null {
  if (t.currency !== chargeCurrency)
    return `Sent in ${t.currency} into a ${chargeCurrency} account: not counted. Check with the bank or gateway what was credited before accepting it.`
  if (t.status === 'unknown')
    return `The gateway reports this transfer as "${t.gatewayStatus ?? 'unknown'}", a status Tilldesk does not know: not counted until it says success.`
  return null
}

/**
 * Sums the transfers attributed to one charge. Only `success` counts as money received;
 * `processing` is shown as pending, `failed` is shown and never counted. A transfer in another
 * currency than the charge's is never added to it (it is listed so the cashier sees it).
 * The result depends only on the set of transfers, not their order.
 */
export function reconcile(
  amountDue: Minor,
  currency: Currency,
  transfers: readonly ReconcilableTransfer[],
): ReconciliationView {
  const counted: string[] = []
  const processing: string[] = []
  const failed: string[] = []
  const otherCurrency: string[] = []
  const unknown: string[] = []
  const needsReview: { reference: string; reason: string }[] = []
  const receivedAmounts: Minor[] = []
  const pendingAmounts: Minor[] = []
  for (const t of transfers) {
    const reason = reviewReason(t, currency)
    if (reason) needsReview.push({ reference: t.reference, reason })
    if (t.currency !== currency) otherCurrency.push(t.reference)
    else if (t.status === 'unknown') unknown.push(t.reference)
    else if (t.status === 'success') {
      counted.push(t.reference)
      receivedAmounts.push(t.amount)
    } else if (t.status === 'processing') {
      processing.push(t.reference)
      pendingAmounts.push(t.amount)
    } else failed.push(t.reference)
  }
  const received = sum(receivedAmounts)
  const pending = sum(pendingAmounts)
  const order = compare(received, amountDue)
  const status: PaymentStatus =
    order === 0 ? 'paid' : order > 0 ? 'overpaid' : received === ZERO ? 'awaiting' : 'part_paid'
  return {
    status,
    amountDue,
    received,
    pending,
    balanceDue: order < 0 ? subtract(amountDue, received) : ZERO,
    overpaidBy: order > 0 ? subtract(received, amountDue) : ZERO,
    // Sorted so the view is order-independent too.
    counted: counted.sort(),
    processing: processing.sort(),
    failed: failed.sort(),
    otherCurrency: otherCurrency.sort(),
    unknown: unknown.sort(),
    needsReview: needsReview.sort((a, b) => a.reference.localeCompare(b.reference)),
  }
}

/** A charge as attribution sees it. Times are epoch milliseconds. */
export interface AttributableCharge {
  readonly id: string
  readonly accountReference: string
  readonly state: ChargeState
  readonly openedAtMs: number
}

export type Attribution =
  | { readonly kind: 'charge'; readonly chargeId: string }
  /** Money in the customer's account that no open charge claims: shown, never dropped. */
  | { readonly kind: 'late'; readonly afterChargeId: string | null }

/**
 * Decides, when a transfer is first seen, which charge it pays. A transfer goes to the open
 * charge on its account when it was made no earlier than `skewMs` before the charge opened
 * (the gateway's clock and ours differ a little, and customers sometimes pay while the cashier
 * is still typing). Anything else is late: it stays attributed to the account, and names the
 * most recent charge it came after so the cashier has context.
 */
export function attribute(
  accountReference: string,
  createdAtMs: number,
  charges: readonly AttributableCharge[],
  skewMs: number,
): Attribution {
  const onAccount = charges.filter((c) => c.accountReference === accountReference)
  const open = onAccount.find((c) => c.state === 'open')
  if (open && createdAtMs >= open.openedAtMs - skewMs) return { kind: 'charge', chargeId: open.id }
  let after: AttributableCharge | null = null
  for (const c of onAccount) {
    if (c.state === 'open') continue
    if (c.openedAtMs - skewMs <= createdAtMs && (!after || c.openedAtMs > after.openedAtMs))
      after = c
  }
  return { kind: 'late', afterChargeId: after?.id ?? null }
}

// `unknown` ranks with `processing`: it may still settle, and a final status never goes back.
const STATUS_RANK: Record<TransferStatus, number> = {
  processing: 0,
  unknown: 0,
  success: 1,
  failed: 1,
}

/**
 * Merges a fresh observation of a transfer into what we already hold. A reference is one
 * transfer forever; only `processing` (or a status word we don't know) may move on, and final
 * statuses never change back, so replaying any observation twice changes nothing.
 */
export function mergeStatus(
  held: TransferStatus | undefined,
  seen: TransferStatus,
): { status: TransferStatus; changed: boolean } {
  if (held === undefined) return { status: seen, changed: true }
  if (held === seen || STATUS_RANK[seen] <= STATUS_RANK[held])
    return { status: held, changed: false }
  return { status: seen, changed: true }
}
