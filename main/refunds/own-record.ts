// Only a refund record that is ours answers for our refund. The paths of the refund lookups
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
  const def = endpoints[call]
  throw badResponse(
    {
      endpoint: call,
      method: def.method,
      path: def.path.replace(':reference', reference),
      capability: def.capability,
      retryPolicy: def.retry,
    },
    200,
    `the gateway answered with refund ${record.reference} (${record.status}), not ${reference}`,
  )
}
