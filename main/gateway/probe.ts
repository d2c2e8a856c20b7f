// Which capabilities an API key has, found by one cheap signed request per capability. The
// gateway checks key, timestamp, signature and token before capability, and capability
// before the body or the record (docs/gateway-assumptions.md), so any answer past the
// capability check (200, 400, 404 for a record, 422) means "allowed" and 403 means "not".
import { CAPABILITIES, type Capability } from '../../common/api/endpoints'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { GatewayError, type GatewayErrorKind } from './errors'
import type { CallOptions, GatewayEndpointName, RequestArgs, ResponseOf } from './types'

export interface CapabilityProbe {
  capability: Capability
  allowed: boolean | 'unknown'
  /** What we saw, in words. */
  detail: string
  status: number | null
  kind: GatewayErrorKind | null
}

type Request = <N extends GatewayEndpointName>(
  name: N,
  ...args: RequestArgs<N>
) => Promise<ResponseOf<N>>

// A reference no merchant uses: lookups of it answer 404 once the capability check passed.
const PROBE_REFERENCE = 'tilldesk-capability-probe-0'

const probes: Record<Capability, (request: Request, o?: CallOptions) => Promise<unknown>> = {
  payments: (r, o) => r('verifyPayment', { params: { reference: PROBE_REFERENCE } }, o),
  transactions: (r, o) => r('merchantTransactions', { query: { page_size: 1 } }, o),
  virtual_accounts: (r, o) => r('virtualAccountTransactions', { query: { page_size: 1 } }, o),
  direct_debits: (r, o) => r('getMandate', { params: { mandate_reference: PROBE_REFERENCE } }, o),
  refunds: (r, o) => r('refundCounts', {}, o),
  disbursements: (r, o) => r('listDisbursements', { query: { page_size: 1 } }, o),
  banks: (r, o) => r('listBanks', {}, o),
  sandbox: (r, o) => r('getFaults', {}, o),
}

const isRouteMissing = (error: GatewayError): boolean =>
  error.code === 'route_not_found' || error.gatewayMessage === ERROR_MESSAGES.routeNotFound

export function interpretProbe(
  capability: Capability,
  error: GatewayError | null,
): CapabilityProbe {
  if (!error) return { capability, allowed: true, detail: 'Allowed.', status: 200, kind: null }
  const base = { capability, status: error.status, kind: error.kind }
  if (error.kind === 'missing_capability')
    return { ...base, allowed: false, detail: 'The key lacks this capability.' }
  if (error.kind === 'not_found' && isRouteMissing(error))
    return { ...base, allowed: 'unknown', detail: 'This gateway does not offer these calls.' }
  if (
    error.kind === 'not_found' ||
    error.kind === 'validation' ||
    error.kind === 'unprocessable' ||
    error.kind === 'conflict' ||
    error.kind === 'bad_response'
  )
    return {
      ...base,
      allowed: true,
      detail: 'Allowed (the gateway got past the capability check).',
    }
  // Auth failures, rate limits, outages: the capability check was never reached.
  return { ...base, allowed: 'unknown', detail: `Not checked: ${error.message}` }
}

export async function probeCapabilities(
  request: Request,
  options?: CallOptions,
): Promise<CapabilityProbe[]> {
  return Promise.all(
    CAPABILITIES.map(async (capability) => {
      try {
        await probes[capability](request, options)
        return interpretProbe(capability, null)
      } catch (error) {
        if (error instanceof GatewayError) return interpretProbe(capability, error)
        throw error
      }
    }),
  )
}
