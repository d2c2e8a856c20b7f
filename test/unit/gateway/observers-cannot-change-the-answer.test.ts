// Once a write may have reached the gateway, its answer is what the caller must get.
// A logger or a reachability listener that throws after a 2xx must not turn a refund or a
// payment that went through into an untyped failure (which the caller could read as "not
// sent"), nor replace the typed error of a failed call.
import { describe, expect, it } from 'vitest'
import type { Minor } from '../../../common/money'
import { createGatewayClient } from '../../../main/gateway/client'
import { GatewayError } from '../../../main/gateway/errors'
import { fakeFetch, reply } from './fake-gateway'

const throwing = (): never => {
  throw new TypeError('observer broke')
}

function client(status: number, body: unknown) {
  const fake = fakeFetch(() => reply(status, body))
  return createGatewayClient({
    baseUrl: 'http://gw.test',
    keyId: 'key_test_1',
    secret: 'sk_test_observers_0123456789',
    fetch: fake.fetch,
    logger: { debug: throwing, info: throwing, warn: throwing },
    onReachability: throwing,
  })
}

describe('observers of a gateway call', () => {
  it('cannot turn a 2xx into a throw', async () => {
    const gw = client(200, {
      reference: 'RF_1',
      payment_reference: 'PAY_1',
      amount: '50.00',
      currency: 'NGN',
      status: 'pending',
    })
    const refund = await gw.refunds.initialize({
      payment_reference: 'PAY_1',
      amount: 5_000 as Minor,
      reference: 'RF_1',
    })
    expect(refund.reference).toBe('RF_1')
  })

  it('cannot replace the typed error of a refused call', async () => {
    const gw = client(422, { message: 'Amount exceeds refundable balance', code: 'unprocessable' })
    const error = await gw.refunds
      .initialize({ payment_reference: 'PAY_1', amount: 5_000 as Minor, reference: 'RF_1' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect((error as GatewayError).kind).toBe('unprocessable')
  })
})
