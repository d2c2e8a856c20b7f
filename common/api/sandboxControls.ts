// Controls only the sandbox offers (capability `sandbox`): simulated transfers, checkout
// outcomes, fault injection, clock, session tokens and the webhook delivery log.
import * as z from 'zod'
import { Currency, IsoDateTime, Narration, PositiveAmountNumber, Reference } from './primitives'
import { VaTransaction } from './virtualAccounts'
import { PaymentRecord } from './payments'

export const SimulateTransferRequest = z.object({
  amount: PositiveAmountNumber,
  status: z.enum(['success', 'failed']).default('success'),
  narration: Narration.optional(),
  /** The sender's currency; the account's own when omitted (a bank may credit another). */
  currency: Currency.optional(),
})
export const SimulateTransferParams = z.object({ account_reference: Reference })
export const SimulateTransferResponse = z.object({ status: z.literal(true), data: VaTransaction })

export const CompletePaymentRequest = z.object({
  outcome: z.enum(['success', 'failed', 'abandoned']),
})
export const CompletePaymentParams = z.object({ reference: Reference })
export const CompletePaymentResponse = z.object({ status: z.literal(true), data: PaymentRecord })

export const FAULT_KINDS = ['500', '502', 'timeout', 'reset', '429'] as const
export const FaultKind = z.enum(FAULT_KINDS)
export const FaultRule = z.object({
  kind: FaultKind,
  /** Probability 0..1 that a matching request gets this fault. */
  rate: z.number().min(0).max(1),
  /** Before the write commits (nothing happened) or after it (the write happened). */
  when: z.enum(['before', 'after']).default('before'),
  /** Only requests whose path starts with this; all gateway routes when omitted. */
  path_prefix: z.string().optional(),
  /** Only requests whose path starts with one of these (with path_prefix, both must match). */
  path_prefixes: z.array(z.string()).min(1).max(10).optional(),
  /** Fires on at most this many requests, then leaves the list (a one-shot fault: 1). */
  times: z.number().int().min(1).max(1000).optional(),
  method: z.enum(['GET', 'POST', 'PATCH']).optional(),
  retry_after_seconds: z.number().int().min(0).max(3600).default(1),
})
export type FaultRule = z.output<typeof FaultRule>
export const SetFaultsRequest = z.object({
  rules: z.array(FaultRule).max(20),
  seed: z.number().int().optional(),
})
export const FaultsResponse = z.object({
  status: z.literal(true),
  data: z.object({ rules: z.array(FaultRule) }),
})

export const AdvanceClockRequest = z.object({
  seconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400),
})
export const ClockResponse = z.object({
  status: z.literal(true),
  data: z.object({ now: IsoDateTime, offset_seconds: z.number().int() }),
})

export const SessionTokenRequest = z.object({
  ttl_seconds: z.number().int().min(1).max(86_400).default(3600),
})
export const SessionTokenResponse = z.object({
  status: z.literal(true),
  data: z.object({ token: z.string(), expires_at: IsoDateTime }),
})

export const WebhookDelivery = z.object({
  event_id: z.string(),
  event_type: z.string(),
  url: z.string(),
  attempts: z.number().int(),
  delivered: z.boolean(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
})
export const WebhookDeliveriesResponse = z.object({
  status: z.literal(true),
  data: z.array(WebhookDelivery),
})

/**
 * Spec-variation mode: each switch makes the sandbox answer in a way the spec allows but our
 * own choices (docs/gateway-assumptions.md) do not, so the client is tested against a peer
 * that disagrees with us. All are off by default; POST /sandbox/variants replaces them all.
 */
export const CommitLag = z.object({
  /** A committed write stays invisible to verify/lookup by reference for this long. */
  seconds: z.number().int().min(1).max(3600),
  /** Only writes whose path starts with this; every write when omitted. */
  path_prefix: z.string().optional(),
})
export const LateResponse = z.object({
  /** The write commits at once; its answer is sent this much later (past a client's timeout). */
  delay_ms: z.number().int().min(1).max(600_000),
  /** Probability 0..1 that a matching write answers late (seeded, like faults). */
  rate: z.number().min(0).max(1).default(1),
  path_prefix: z.string().optional(),
})
export const Variants = z.object({
  /** Error bodies carry only `message`: no `status`, `code` or `errors`. */
  message_only_errors: z.boolean().default(false),
  /** Every answer object gains fields the client has never seen. */
  extra_fields: z.boolean().default(false),
  /** Records carry only the fields the spec names; every "not shown" field is left out. */
  missing_fields: z.boolean().default(false),
  /** Statuses the spec does not name come back under other names (e.g. `queued`). */
  unknown_statuses: z.boolean().default(false),
  /** The virtual-account envelopes' `status` is boolean `true` instead of `"success"`. */
  va_status_boolean: z.boolean().default(false),
  /** Incoming virtual-account transfers are `processing` first and settle later. */
  va_processing_first: z.boolean().default(false),
  /** Incoming virtual-account transfers arrive in another currency than the account's. */
  foreign_currency_transfers: z.boolean().default(false),
  commit_lag: CommitLag.nullable().default(null),
  late_response: LateResponse.nullable().default(null),
})
export type Variants = z.output<typeof Variants>
export type VariantsInput = z.input<typeof Variants>
export const VARIANT_NAMES = Object.keys(Variants.shape) as (keyof Variants)[]
export const SetVariantsRequest = Variants
export const VariantsResponse = z.object({ status: z.literal(true), data: Variants })
