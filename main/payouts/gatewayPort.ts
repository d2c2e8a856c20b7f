// The slice of the gateway client payouts use, as a narrow interface so the logic runs
// against fakes in unit tests. The real client (main/gateway) satisfies it; the assertion at
// the bottom breaks the build if its surface drifts.
import type { Bank, ResolvedAccount } from '../../common/api/banks'
import type { Transfer } from '../../common/api/disbursements'
import type { Currency, Minor } from '../../common/money'
import type { GatewayClient } from '../gateway'
import { GatewayError, AUTH_ERROR_KINDS, type GatewayErrorKind } from '../gateway/errors'

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

/** How the sender must treat a failed call. */
export type FailureClass =
  /** The request was refused before anything happened: safe to mark it failed or retry. */
  | 'refused'
  /** The gateway may have acted: verify by reference before sending again. */
  | 'unknown'
  /** Slow down: wait Retry-After, then verify (a busy gateway may still have acted). */
  | 'rate_limited'
  /** The reference exists at the gateway already: verify and adopt it. */
  | 'duplicate'
  /** Our key, secret or clock is wrong: nothing happened; an admin must fix it. */
  | 'auth'
  /** No such record (verify only). */
  | 'not_found'

export function classifyFailure(error: unknown): FailureClass {
  if (!(error instanceof GatewayError)) return 'unknown'
  if (AUTH_ERROR_KINDS.includes(error.kind)) return 'auth'
  switch (error.kind) {
    case 'conflict':
      return 'duplicate'
    case 'rate_limited':
      return 'rate_limited'
    case 'not_found':
      return 'not_found'
    case 'validation':
    case 'unprocessable':
    case 'payload_too_large':
      return 'refused'
    case 'bad_response':
      // A 2xx we could not read: it was accepted; only verify can tell us what it holds.
      return 'unknown'
    default:
      return 'unknown'
  }
}

export const retryAfterMs = (error: unknown): number | null =>
  error instanceof GatewayError ? error.retryAfterMs : null

export const kindOf = (error: unknown): GatewayErrorKind | 'internal' =>
  error instanceof GatewayError ? error.kind : 'internal'
