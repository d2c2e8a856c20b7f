// Why the checkout page was not opened (Payments' note under the payment) came as main's English
// on a French till. Each reason now comes keyed (`payments.checkout.*`) beside the same English,
// said in French with no word of the English catalogue; the gateway's host is data.
import { describe, it } from 'vitest'
import { checkCheckoutUrl } from '../../../main/payments/checkout-link'
import { expectKeyed } from './support'

describe('why the checkout page was not opened', () => {
  it('is keyed for every address the till refuses', () => {
    const cases: Array<[string, string | null]> = [
      ['https://evil.example/checkout/A', 'https://pay.gateway.example'],
      ['http://pay.gateway.example/checkout/A', 'http://pay.gateway.example'],
      ['https://user:pw@pay.gateway.example/x', 'https://pay.gateway.example'],
      ['https://pay.gateway.example/x', null],
      ['not a url', 'https://pay.gateway.example'],
    ]
    for (const [url, base] of cases) {
      const verdict = checkCheckoutUrl(url, base)
      if (verdict.ok) throw new Error(`${url} was accepted`)
      expectKeyed(verdict.reason, verdict.say)
    }
  })
})
