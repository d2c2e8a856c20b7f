// Shared by the transport tests (over a fake fetch and over node:http): a transfer to send,
// and the typed error a call ended with.
import { expect } from 'vitest'
import type { Minor } from '../../../common/money'
import { GatewayError } from '../../../main/gateway/errors'

export const transferInput = {
  reference: 'TRF_1',
  amount: 500 as Minor,
  currency: 'NGN' as const,
  bank_code: '058',
  account_number: '0123456789',
  narration: 'payout',
}

/** The GatewayError the promise rejected with (the test fails if it resolved or threw else). */
export async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(GatewayError)
  return error as GatewayError
}
