// What a supervisor approves is a hash of the exact details they saw. The sender recomputes it
// before sending, so an edit (or a tampered journal) after approval can't ride on it.
//
// The approval is also signed: main seals the payload hash, the payout's reference, the
// approver's id and the times with the environment's device key (main/integrity/), only
// after the approver's PIN was checked. Anyone can recompute a SHA-256 binding hash; only
// main can sign, so an approval copied onto another payout (its hash recomputed), edited, or
// written into the files by hand fails here and is never sent.
import type { Sealer } from '../integrity/seal'
import { canonicalJson, sha256Hex } from '../kernel/canonicalJson'
import type { Approval, PayoutItem } from './model'

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

const SIGNATURE_DOMAIN = 'payouts.approval.v1'

const signedFields = (reference: string, approval: Omit<Approval, 'signature'>) => ({
  reference,
  payloadHash: approval.bindingHash,
  approverId: approval.by.id,
  approverRole: approval.by.role,
  at: approval.at,
  expiresAt: approval.expiresAt,
})

/**
 * Signs an approval. Call only after the approver's PIN check succeeded in main (commands.ts
 * approve); the signature is what the sender later verifies.
 */
export function signApproval(
  sealer: Sealer,
  reference: string,
  approval: Omit<Approval, 'signature'>,
): Approval {
  return {
    ...approval,
    signature: sealer.seal(SIGNATURE_DOMAIN, signedFields(reference, approval)),
  }
}

/** True when the approval carries main's signature for exactly this payout and approver. */
export function approvalSigned(item: PayoutItem, sealer: Sealer): boolean {
  if (item.approval === null) return false
  const { signature, ...approval } = item.approval
  return sealer.check(SIGNATURE_DOMAIN, signedFields(item.reference, approval), signature)
}

/**
 * True when the item still carries a live approval for exactly its current details and, with
 * a `sealer`, that approval's signature verifies (the sender always passes one).
 */
export function approvalMatches(item: PayoutItem, sealer?: Sealer | null): boolean {
  if (item.approval === null || item.approval.bindingHash !== bindingHash(item)) return false
  return sealer ? approvalSigned(item, sealer) : true
}
