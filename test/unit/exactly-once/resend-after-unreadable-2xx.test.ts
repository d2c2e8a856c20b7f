// A resend (same reference) answered 2xx with a body that cannot be read was taken by
// the gateway: the record exists. A later "no such record" (commit lag) must not clear yet
// another send (docs/gateway-client.md, `bad_response`: "never re-send it").
import { describe, expect, it } from 'vitest'
import { pursueByReference, type Uncertainty } from '../../../main/exactly-once/submit'
import { gwError } from '../payments/support'

describe('a resend answered 2xx with a body that cannot be read', () => {
  it('marks the record as existing and is never sent again', async () => {
    let now = Date.parse('2026-01-05T10:00:00Z')
    let sends = 0
    let u: Uncertainty = {
      since: new Date(now).toISOString(),
      lastUnknownAt: new Date(now).toISOString(),
      resendRefused: false,
      existsSaid: false,
      steps: [],
      review: null,
    }
    for (let round = 0; round < 4; round++) {
      now += 60_000
      const step = await pursueByReference({
        uncertainty: u,
        // The read side can't see it yet: a JSON "no such record" every time.
        lookup: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
        resend: async () => {
          sends++
          throw gwError('bad_response', { status: 200 })
        },
        noun: 'refund',
        now: () => now,
        verifyAfterMs: 25_000,
        windowMs: 30 * 60_000,
      })
      expect(step.kind).toBe('waiting')
      if (step.kind === 'waiting') u = step.uncertainty
    }
    expect(sends).toBe(1)
    expect(u.existsSaid).toBe(true)
    expect(u.steps.some((s) => /accepted it \(HTTP 200\)/.test(s.said))).toBe(true)
  })
})
