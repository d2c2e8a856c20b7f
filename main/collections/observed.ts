// A transfer as the gateway's list reports it, read field by field (the tolerant reader of
// the collections ledger's input: main/collections/ledger.ts).
import type { Minor } from '../../common/money'
import type { TransferStatus, TransferView } from '../../common/ipc/collections'

/**
 * A transfer as the gateway reports it (amount already in minor units): the fields of a
 * TransferView the gateway gives; the currency may differ from the account's, or be one
 * Tilldesk does not support, and `gatewayStatus` defaults to `status`.
 */
export type ObservedTransfer = Pick<
  TransferView,
  | 'reference'
  | 'accountReference'
  | 'amount'
  | 'currency'
  | 'status'
  | 'gatewayStatus'
  | 'narration'
  | 'createdAt'
>

const KNOWN_STATUSES: readonly string[] = ['success', 'processing', 'failed']

/**
 * A transaction from the gateway's list, as the ledger observes it, or null when the item
 * lacks what the spec guarantees and we need (a reference, the account, an amount, a time).
 * Read field by field rather than trusting the list's decoder: a status word or currency the
 * spec does not name passes through (as `unknown`, or as written), and one broken item is
 * skipped and counted by the caller, never allowed to stop the watch.
 */
export function observedFromGateway(item: unknown): ObservedTransfer | null {
  if (typeof item !== 'object' || item === null) return null
  const tx = item as Record<string, unknown>
  const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
  const reference = text(tx.reference)
  const accountReference = text(tx.account_reference)
  const createdAt = text(tx.created_at)
  const amount = tx.amount
  if (reference === null || accountReference === null || createdAt === null) return null
  if (!Number.isFinite(Date.parse(createdAt))) return null
  // The client's decoder has already turned the wire's decimal into integer minor units.
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0) return null
  // The client's tolerant reader turns a word it doesn't know into `unknown` and keeps the
  // word in `raw_status`; a plain item carries the word in `status`.
  const gatewayStatus = text(tx.raw_status) ?? text(tx.status) ?? 'missing'
  const status = (
    KNOWN_STATUSES.includes(gatewayStatus) ? gatewayStatus : 'unknown'
  ) as TransferStatus
  return {
    reference,
    accountReference,
    amount: amount as Minor,
    currency: text(tx.currency)?.toUpperCase() ?? 'unknown currency',
    status,
    gatewayStatus,
    narration: typeof tx.narration === 'string' ? tx.narration : '',
    createdAt: new Date(Date.parse(createdAt)).toISOString(),
  }
}
