// A reference is a path segment: `.` and `..` (or anything not starting with a letter or digit)
// would let URL normalisation send a signed request somewhere else. The client refuses them
// before anything is signed or sent.
import { describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../../main/gateway/client'
import { GatewayError } from '../../../main/gateway/errors'
import { fakeFetch, reply } from './fake-gateway'

function setup() {
  const fake = fakeFetch(() => reply(200, {}))
  const client = createGatewayClient({
    baseUrl: 'http://gw.test/api',
    keyId: 'key_1',
    secret: 'sk_test_paths',
    fetch: fake.fetch,
  })
  return { client, sent: fake.sent }
}

const refusal = async (promise: Promise<unknown>): Promise<GatewayError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}

describe('dot segments in references', () => {
  it('a customer search for `..` sends nothing (no signed GET of the base URL)', async () => {
    const { client, sent } = setup()
    const error = await refusal(client.virtualAccounts.get('..'))
    expect(error).toMatchObject({ kind: 'validation', status: null, outcomeUnknown: false })
    expect(sent).toHaveLength(0)
  })

  it('refuses `.`, `..` and a leading dot, dash or underscore in every path reference', async () => {
    const { client, sent } = setup()
    for (const bad of ['.', '..', '.x', '-x', '_x']) {
      await refusal(client.directDebits.cancelMandate(bad))
      await refusal(client.directDebits.getMandate(bad))
      await refusal(client.directDebits.status(bad))
      await refusal(client.payments.verify(bad))
      await refusal(client.refunds.get(bad))
      await refusal(client.refunds.ofPayment(bad))
      await refusal(client.disbursements.verify(bad))
    }
    expect(sent).toHaveLength(0)
  })

  it('still sends ordinary references, dots inside included', async () => {
    const { client, sent } = setup()
    await client.directDebits.getMandate('MD.2025..01').catch(() => {})
    expect(sent[0]?.url.pathname).toBe('/api/direct-debits/mandates/MD.2025..01')
  })
})
