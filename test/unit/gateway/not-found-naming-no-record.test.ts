// "Only a JSON answer saying the record does not exist counts as absent. Everything
// else is unknown." The spec shows no not-found body at all. A bare HTTP reason phrase in JSON
// is what API gateways and frameworks in front of a service answer for an address they do not
// route (AWS API Gateway HTTP APIs: {"message":"Not Found"}; Azure API Management:
// {"statusCode":404,"message":"Resource not found"}). It names no record, so it must not clear
// a resend after an unknown outcome.
import { describe, expect, it } from 'vitest'
import { errorFromResponse, lookupFailure } from '../../../main/gateway/classify'

const verify = {
  endpoint: 'verifyDisbursement',
  method: 'GET',
  path: '/disbursements/verify',
  capability: 'disbursements' as const,
  retryPolicy: 'safe' as const,
}

const answer404 = (text: string) =>
  errorFromResponse(
    verify,
    { status: 404, headers: new Headers({ 'content-type': 'application/json' }), text },
    Date.now(),
  )

describe('a 404 whose JSON names no record is not "absent"', () => {
  it.each([
    ['the bare reason phrase', '{"message":"Not Found"}'],
    ['an API gateway default page in JSON', '{"statusCode":404,"message":"Resource not found"}'],
  ])('%s', (_what, body) => {
    const error = answer404(body)
    expect(error.recordAbsent).toBe(false)
    expect(lookupFailure(error)).toBe('unknown')
  })
})
