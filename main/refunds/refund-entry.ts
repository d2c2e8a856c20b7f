// What the till remembers of each refund it issued (the journal's schema), what a final one
// is, and the part of the gateway client refunds use. Shared by the service and the refund's
// kind for the exactly-once core, which both build on it.
import * as z from 'zod'
import { REFUND_STATUSES } from '../../common/api/refunds'
import { CURRENCIES } from '../../common/money'
import { Alarm } from '../exactly-once/alarm'
import { Resolution } from '../exactly-once/decision'
import { Uncertainty } from '../exactly-once/submit'
import type { GatewayClient } from '../gateway'
import { MinorValue } from '../payments/payment-entry'

/** The part of the gateway client refunds use. */
export interface RefundsGateway {
  payments: Pick<GatewayClient['payments'], 'verify'>
  refunds: Pick<GatewayClient['refunds'], 'initialize' | 'get' | 'ofPayment' | 'history' | 'counts'>
}

/** What the till remembers of a refund it issued, so it can be followed after a restart. */
export const RefundEntry = z.object({
  reference: z.string(),
  paymentReference: z.string(),
  amount: MinorValue,
  currency: z.enum(CURRENCIES),
  // `starting`: sent, not confirmed by the gateway (see `uncertainty`); `needs_review`: the
  // window to find out ran out and a supervisor must check it with the gateway.
  // `not_refunded`: a supervisor decided an unknown outcome was not made (see `resolution`).
  status: z.enum(['starting', 'needs_review', 'not_refunded', ...REFUND_STATUSES, 'unknown']),
  reason: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  issuedBy: z.string().nullable(),
  /** Who issued it: that supervisor may not decide its unknown outcome (absent in old entries). */
  issuedById: z.string().nullable().optional(),
  /** A supervisor's decision on an unknown outcome: the audit record of who, when and why. */
  resolution: Resolution.nullable().optional(),
  /** Set once an attempt's answer was lost: the evidence; kept after it is settled. */
  uncertainty: Uncertainty.nullable().optional(),
  /** The gateway contradicted a decision: it won, and a supervisor must acknowledge this. */
  alarm: Alarm.nullable().optional(),
})
export type RefundEntry = z.infer<typeof RefundEntry>

/** A refund in one of these states never changes again. */
export const FINAL: readonly string[] = ['success', 'failed', 'not_refunded']
