// What a supervisor approves is a hash of the exact details they saw. The sender recomputes it
// before sending, so an edit (or a tampered journal) after approval can't ride on it.
import { canonicalJson, sha256Hex } from './canonicalJson'
import type { PayoutItem } from './model'

export type BoundFields = Pick<
  PayoutItem,
  | 'reference'
  | 'amount'
  | 'currency'
  | 'bankCode'
  | 'accountNumber'
  | 'accountName'
  | 'narration'
  | 'recipientEmail'
  | 'purpose'
>

export function boundFields(item: BoundFields): BoundFields {
  return {
    reference: item.reference,
    amount: item.amount,
    currency: item.currency,
    bankCode: item.bankCode,
    accountNumber: item.accountNumber,
    accountName: item.accountName,
    narration: item.narration,
    recipientEmail: item.recipientEmail,
    purpose: item.purpose,
  }
}

/** Versioned so a future change of the bound fields can't match an old approval by accident. */
export function bindingHash(item: BoundFields): string {
  return sha256Hex(`tilldesk.payout.approval.v1:${canonicalJson(boundFields(item))}`)
}

/** True when the item still carries a live approval for exactly its current details. */
export function approvalMatches(item: PayoutItem): boolean {
  return item.approval !== null && item.approval.bindingHash === bindingHash(item)
}
