// Approvals from any till of the shop: a supervisor reads the payouts waiting on the other
// tills and decides them from their own till. The decision travels to the till that drafted
// the payout as a signed shop event bound to the payload hash the supervisor saw; only that
// till ever sends (main/shop/approvals.ts applies it there, main/shop/waiting.ts makes it here).
import * as z from 'zod'
import { defineChannels, returns, type Said } from './contract'
import { NoInput, PinSchema } from './shared'

/** A payout drafted on another till, as its till last told the shop. */
export interface ShopApprovalView {
  tillId: string
  tillName: string
  reference: string
  /** Integer minor units as a string, and the same in words (e.g. "₦3,500.00"). */
  amountMinor: string
  amountText: string
  currency: string
  purpose: string
  bankName: string
  /** Empty when the drafting till did not tell it (a till on an older version). */
  accountNumber: string
  accountName: string
  narration: string
  maker: string
  /** The payload hash the decision binds to. */
  bindingHash: string
  /** The request for approval a decision answers (its till's submittedAt, ISO); '' if untold. */
  request?: string
  /** When its till last told about it (ISO). */
  at: string
  /** A decision already sent to its till, waiting to be applied there; null: none yet. */
  decided: {
    decision: 'approved' | 'rejected'
    byName: string
    tillName: string
    at: string
  } | null
  /** Why the signed-in user may not decide this one (e.g. they drafted it), or null. */
  blocked: string | null
  /** The same, keyed for the screen's language (renderer/i18n/errors.ts); only when blocked. */
  blockedSay?: Said
}

const Hash = z.string().regex(/^[0-9a-f]{64}$/)

export const shopApprovalsChannels = defineChannels({
  'shop.waitingPayouts': {
    input: NoInput,
    result: returns<ShopApprovalView[]>(),
    role: 'supervisor',
    summary:
      "Payouts waiting for approval on the shop's other tills, with the till's name and every detail an approval binds.",
  },
  'shop.decide': {
    input: z.strictObject({
      tillId: z.string().regex(/^[a-z0-9][a-z0-9-]{2,40}$/),
      reference: z.string().min(1).max(64),
      bindingHash: Hash,
      decision: z.enum(['approved', 'rejected']),
      pin: PinSchema,
      reason: z.string().trim().max(300).default(''),
    }),
    result: returns<ShopApprovalView[]>(),
    role: 'supervisor',
    summary:
      "Approves or rejects another till's payout, re-entering the PIN; the decision is sent to that till, which alone sends the payout.",
  },
})
