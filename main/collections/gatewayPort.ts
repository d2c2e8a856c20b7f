// The slice of the gateway client that collections uses. Depending on this narrow shape (not
// the whole client) keeps the services testable with small fakes.
import type {
  CreateVirtualAccountRequest,
  VaTransaction,
  VirtualAccount,
  VirtualAccountByEmailResponse,
} from '../../common/api/virtualAccounts'
import type { Pagination } from '../../common/api/pagination'

export interface VaTransactionsPage {
  data: VaTransaction[]
  pagination: Pagination
  /** Items the client's list decoder skipped as malformed (when it reports them). */
  skipped?: number
}

export interface VaTransactionsFilter {
  account_reference?: string
  status?: 'success' | 'processing' | 'failed'
  start_date?: string
  end_date?: string
  page?: number
  page_size?: number
}

export interface CollectionsGateway {
  virtualAccounts: {
    create(body: CreateVirtualAccountRequest): Promise<VirtualAccount>
    get(accountReference: string): Promise<VirtualAccount>
    byEmail(email: string): Promise<VirtualAccountByEmailResponse>
    transactions(query: VaTransactionsFilter): Promise<VaTransactionsPage>
  }
}

/** What collections reads from a failed gateway call (GatewayError, or anything like it). */
export interface GatewayFailure {
  status: number | null
  /** The request may or may not have reached the gateway (timeout, reset). */
  outcomeUnknown: boolean
  /** No answer from the gateway at all, or a 5xx/429: the till is effectively offline. */
  unavailable: boolean
  retryAfterMs: number | null
  /** A 404 whose JSON body says the record does not exist: the only proof of absence. */
  recordAbsent: boolean
  message: string
  code: string | null
  fieldErrors: { field: string; message: string }[]
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)

/** Reads a thrown value defensively: the client's typed error, a fetch TypeError, anything. */
export function readFailure(error: unknown): GatewayFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  const status = num(e.status)
  const kind = str(e.kind)
  const body = (typeof e.body === 'object' && e.body !== null ? e.body : {}) as Record<
    string,
    unknown
  >
  const rawFields = Array.isArray(e.fieldErrors)
    ? e.fieldErrors
    : Array.isArray(e.errors)
      ? e.errors
      : Array.isArray(body.errors)
        ? body.errors
        : []
  const fieldErrors = rawFields.flatMap((f: unknown) => {
    const r = (typeof f === 'object' && f !== null ? f : {}) as Record<string, unknown>
    const field = str(r.field)
    const message = str(r.message)
    return field && message ? [{ field, message }] : []
  })
  const outcomeUnknown = e.outcomeUnknown === true
  const networkKinds = ['network', 'timeout', 'offline', 'aborted', 'unreachable']
  const unavailable =
    outcomeUnknown ||
    (kind !== null && networkKinds.includes(kind)) ||
    status === null ||
    status === 429 ||
    status >= 500
  return {
    status,
    outcomeUnknown,
    unavailable,
    retryAfterMs: num(e.retryAfterMs),
    recordAbsent: status === 404 && e.recordAbsent === true,
    message: str(e.message) ?? 'The gateway could not be reached.',
    code: str(e.code) ?? str(body.code),
    fieldErrors,
  }
}
