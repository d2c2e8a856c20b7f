// Only a record that names our reference (or names none) answers for it. How the gateway's
// lookups key their records is "not shown" in the spec, so a real one may answer
// `verify`, `GET /refunds/:reference` or a debit's status with another customer's record. One
// that names another reference says nothing about ours: it is read like any answer that does
// not fit what was asked, a `bad_response` (docs/gateway-client.md), so nothing of it is kept,
// refunded or shown as ours. A record without a reference can't be told apart and is taken
// as the answer to what was asked.
import { endpoints, type EndpointName } from '../../common/api/endpoints'
import { badResponse } from './classify'

/**
 * `record` when `theirs` (the reference it names) is `reference` or absent; otherwise throws,
 * saying what the gateway answered with (`what`: "payment PAY-2", in words).
 */
export function ownRecord<R>(
  record: R,
  theirs: string | undefined,
  reference: string,
  call: EndpointName,
  what: string,
): R {
  if (theirs === undefined || theirs === reference) return record
  const def = endpoints[call]
  throw badResponse(
    {
      endpoint: call,
      method: def.method,
      path: def.path.replace(/:[a-z_]+/, reference),
      capability: def.capability,
      retryPolicy: def.retry,
    },
    200,
    `the gateway answered with ${what}, not ${reference}`,
  )
}
