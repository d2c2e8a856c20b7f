// Only a refund record that is ours answers for our refund (and only the payment asked about
// is refunded, below). The paths of the refund lookups
// are "not shown" in the spec, so a real gateway may answer `GET /refunds/:reference` (or
// even the initialize) with another refund. A record whose own `reference` is given and is
// not ours says nothing about ours: it is read like any answer that does not fit what was
// asked, a `bad_response` (docs/gateway-client.md). After a lookup that keeps the refund
// unknown; after a 2xx to our initialize it means the gateway took the write, so the refund
// exists and is never sent again. The reference is "not shown" in a refund record: a record
// without one can't be told apart and is taken as the answer to what was asked.
import { endpoints } from '../../common/api/endpoints'
import type { Refund } from '../../common/api/refunds'
import { badResponse } from '../gateway/classify'

type RefundCall = 'getRefund' | 'initializeRefund'

/** `record` when it is about `reference`; otherwise throws a `bad_response` GatewayError. */
export function ownRefund(record: Refund, reference: string, call: RefundCall): Refund {
  if (record.reference === undefined || record.reference === reference) return record
  throw notOurs(call, reference, `refund ${record.reference} (${record.status})`)
}

/**
 * The payment a refund is for, as verify answered for `reference`. The refund goes to the
 * payment the record names, so another payment's record (how verify takes the reference is
 * "not shown") would pay another customer back: it is a `bad_response` too.
 */
export function ownPayment<P extends { reference?: string | undefined }>(
  record: P,
  reference: string,
): P {
  if (record.reference === undefined || record.reference === reference) return record
  throw notOurs('verifyPayment', reference, `payment ${record.reference}`)
}

function notOurs(call: RefundCall | 'verifyPayment', reference: string, theirs: string) {
  const def = endpoints[call]
  return badResponse(
    {
      endpoint: call,
      method: def.method,
      path: def.path.replace(':reference', reference),
      capability: def.capability,
      retryPolicy: def.retry,
    },
    200,
    `the gateway answered with ${theirs}, not ${reference}`,
  )
}
