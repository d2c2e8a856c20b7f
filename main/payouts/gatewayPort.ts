// The slice of the gateway client payouts use, as a narrow interface so the logic runs
// against fakes in unit tests. The real client (main/gateway) satisfies it; the assertion at
// the bottom breaks the build if its surface drifts.
import type { Bank, ResolvedAccount } from '../../common/api/banks'
import type { Transfer } from '../../common/api/disbursements'
import type { Currency, Minor } from '../../common/money'
import type { GatewayClient } from '../gateway'
import { lookupFailure, writeFailure } from '../gateway/classify'
import { GatewayError, type GatewayErrorKind } from '../gateway/errors'

export interface DisbursementBody {
  reference: string
  amount: Minor
  currency: Currency
  bank_code: string
  account_number: string
  narration: string
  recipient_name?: string
  recipient_email?: string
}

/** Per-call options the client accepts (a deadline shorter than its default). */
export interface PortCallOptions {
  timeoutMs?: number
}

export interface PayoutsGateway {
  banks: {
    list(query?: { country_code?: string }, options?: PortCallOptions): Promise<{ data: Bank[] }>
    resolve(
      body: { bank: string; account: string; currency: Currency },
      options?: PortCallOptions,
    ): Promise<{ data: ResolvedAccount }>
  }
  disbursements: {
    initialize(body: DisbursementBody, options?: PortCallOptions): Promise<Transfer>
    verify(reference: string, options?: PortCallOptions): Promise<Transfer>
  }
}

/** Where the sender gets a client: the active environment's, or an error saying why not. */
export type GatewayProvider = () => Promise<PayoutsGateway>

// Compile-time check that the real client fits.
const _fits = (client: GatewayClient): PayoutsGateway => client
void _fits

export { GatewayError }

/** How the sender must treat a failed call (from the shared rules in gateway/classify.ts). */
export type FailureClass =
  /** The request was refused before anything happened (400, 422, 413). */
  | 'refused'
  /** The gateway may have acted: verify by reference, after the minimum wait. */
  | 'unknown'
  /** Slow down: wait Retry-After (the request was not processed). */
  | 'rate_limited'
  /** A 409 about our reference: a transfer with it exists; verify and adopt it. */
  | 'duplicate'
  /** Our key, secret or clock is wrong: nothing happened; an admin must fix it. */
  | 'auth'
  /** Refused before it left (connection refused, DNS): nothing reached the gateway. */
  | 'not_sent'
  /** The gateway said, in JSON, that it has no transfer with this reference (verify only). */
  | 'not_found'

/** `call`: a write keyed by our reference (initialize) or a lookup by it (verify). */
export function classifyFailure(error: unknown, call: 'write' | 'lookup'): FailureClass {
  if (call === 'lookup') {
    const failure = lookupFailure(error)
    return failure === 'absent' ? 'not_found' : failure
  }
  const failure = writeFailure(error)
  return failure === 'exists' ? 'duplicate' : failure
}

export const retryAfterMs = (error: unknown): number | null =>
  error instanceof GatewayError ? error.retryAfterMs : null

export const kindOf = (error: unknown): GatewayErrorKind | 'internal' =>
  error instanceof GatewayError ? error.kind : 'internal'
