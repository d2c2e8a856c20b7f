// Rewrites an answer body the way a gateway that made other choices than ours could, within
// what the spec says. The field lists here are written from the spec's text (quoted), not from
// common/api's schemas: the point is to disagree with those schemas wherever the spec allows.
import type { EndpointName } from '../../common/api/endpoints'
import type { Variants } from './switches'

type Json = Record<string, unknown>
type Keep = { record?: readonly string[]; items?: readonly string[] }

const VA_RECORD = [
  // "Virtual account" table: response fields, and "The response of creation also echoes
  // `account_reference`, `customer_name`, `customer_email`, `currency_code`, `metadata`."
  'status',
  'account_number',
  'bank_name',
  'bank_code',
  'reservation_reference',
  'account_reference',
  'customer_name',
  'customer_email',
  'currency_code',
  'metadata',
]
// "Debit status record: `status` (string; `success` appears), `payment_reference`,
// `mandate_reference`, `amount` (number), `narration`."
const DEBIT_RECORD = ['status', 'payment_reference', 'mandate_reference', 'amount', 'narration']
// "A transfer ... has a unique reference and a status. Fields of the transfer record: not
// shown." A refund "has a status"; its merchant reference is kept so it can be looked up.
const TRANSFER_RECORD = ['reference', 'status']
const REFUND_RECORD = ['reference', 'status']

/** What survives `missing_fields`, per endpoint; endpoints not listed are left whole. */
const SPEC_FIELDS: Partial<Record<EndpointName, Keep>> = {
  // "200; `authorization_url` and transaction reference" (the envelope `status` is ours).
  initializePayment: { record: ['authorization_url', 'reference'] },
  // "Other fields of the payment record returned by verify: not shown beyond `status`."
  verifyPayment: { record: ['status'] },
  // List items keep the reference as well, or a row could not be told from another.
  merchantTransactions: { items: ['reference', 'status'] },
  createVirtualAccount: { record: VA_RECORD },
  getVirtualAccount: { record: VA_RECORD },
  // "`status`, `account_number`, `bank_name`, `account_reference`, `customer_name`,
  // `customer_email`"
  virtualAccountByEmail: {
    record: [
      'status',
      'account_number',
      'bank_name',
      'account_reference',
      'customer_name',
      'customer_email',
    ],
  },
  // "Response returns `mandate_reference` and `status`."
  createMandate: { record: ['mandate_reference', 'status'] },
  // "Response bodies of initiate-activation, validate-activation and cancel: not shown."
  initiateMandateActivation: { record: [] },
  validateMandateActivation: { record: [] },
  cancelMandate: { record: [] },
  // "Fields of the mandate record returned by lookup: not shown beyond `mandate_reference`
  // and `status`."
  getMandate: { record: ['mandate_reference', 'status'] },
  // "debit accepted, processed asynchronously": the acceptance body is not shown.
  debit: { record: [] },
  debitStatus: { record: DEBIT_RECORD },
  directDebitDisburse: { record: TRANSFER_RECORD },
  initializeRefund: { record: REFUND_RECORD },
  getRefund: { record: REFUND_RECORD },
  refundsOfPayment: { items: REFUND_RECORD },
  refundHistory: { items: REFUND_RECORD },
  initializeDisbursement: { record: TRANSFER_RECORD },
  verifyDisbursement: { record: TRANSFER_RECORD },
  listDisbursements: { items: TRANSFER_RECORD },
}

/**
 * Statuses the spec never names, renamed. Spec-named ones stay: `success` (payments, debits,
 * virtual-account transactions), `processing`/`failed` (virtual-account filter values),
 * `pending_activation`/`active`/`cancelled` (mandates).
 */
const OTHER_NAMES: Record<string, string> = {
  pending: 'queued',
  processing: 'in_progress',
  abandoned: 'abandoned_by_customer',
  reversed: 'returned',
  expired: 'lapsed',
}
const STATUS_RECORDS: Partial<Record<EndpointName, 'record' | 'items'>> = {
  verifyPayment: 'record',
  merchantTransactions: 'items',
  getMandate: 'record',
  initiateMandateActivation: 'record',
  validateMandateActivation: 'record',
  cancelMandate: 'record',
  debit: 'record',
  debitStatus: 'record',
  directDebitDisburse: 'record',
  initializeRefund: 'record',
  getRefund: 'record',
  refundsOfPayment: 'items',
  refundHistory: 'items',
  initializeDisbursement: 'record',
  verifyDisbursement: 'record',
  listDisbursements: 'items',
}
const VA_ENVELOPES = new Set<string>([
  'createVirtualAccount',
  'getVirtualAccount',
  'virtualAccountByEmail',
])

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const pick = (record: unknown, keep: readonly string[]): unknown => {
  if (!isObject(record)) return record
  const out: Json = {}
  for (const key of keep) if (key in record) out[key] = record[key]
  return out
}

function onRecords(body: Json, where: 'record' | 'items', fn: (r: Json) => unknown): Json {
  if (where === 'record') return fn(body) as Json
  const data = body.data
  return Array.isArray(data)
    ? { ...body, data: data.map((item) => (isObject(item) ? fn(item) : item)) }
    : body
}

const renameStatus = (record: Json): Json => {
  const status = record.status
  return typeof status === 'string' && OTHER_NAMES[status]
    ? { ...record, status: OTHER_NAMES[status] }
    : record
}

/** Adds fields no client has seen to every object, leaving merchant `metadata` untouched. */
function withExtras(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withExtras)
  if (!isObject(value)) return value
  const out: Json = {}
  for (const [key, inner] of Object.entries(value))
    out[key] = key === 'metadata' ? inner : withExtras(inner)
  out.gateway_trace_id = 'trc_variant'
  out.x_extension = { schema: 2, note: 'a field this client does not know' }
  return out
}

/** The answer body as the varied gateway would send it. Pure; `body` is not modified. */
export function reshape(
  variants: Readonly<Variants>,
  endpoint: string | undefined,
  statusCode: number,
  body: unknown,
): unknown {
  if (!isObject(body)) return body
  if (statusCode >= 400) {
    if (variants.message_only_errors) return { message: body.message }
    return variants.extra_fields ? withExtras(body) : body
  }
  const name = endpoint as EndpointName | undefined
  let out: Json = body
  const keep = name ? SPEC_FIELDS[name] : undefined
  if (variants.missing_fields && keep) {
    if (keep.record) out = pick(out, keep.record) as Json
    if (keep.items) out = onRecords(out, 'items', (r) => pick(r, keep.items ?? []))
  }
  const statuses = name ? STATUS_RECORDS[name] : undefined
  if (variants.unknown_statuses && statuses) out = onRecords(out, statuses, renameStatus)
  if (variants.va_status_boolean && name && VA_ENVELOPES.has(name) && out.status === 'success')
    out = { ...out, status: true }
  if (variants.extra_fields) out = withExtras(out) as Json
  return out
}
