// The journal entry of a refund is forgotten only after "a definite refusal of the only
// request" (main/exactly-once/submit.ts). A failure that is not the gateway's answer at all (here a
// TypeError, as a fetch implementation, a logger or a listener may throw once the request has
// gone) says nothing about whether the refund was made: the entry must be kept and followed.
import { describe, expect, it } from 'vitest'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'

describe('a refund whose send fails with an error that is not the gateway answering', () => {
  it('keeps its journal entry', async () => {
    const sent: string[] = []
    const gateway = refundsGateway({
      initialize: async (body) => {
        sent.push(body.reference)
        throw new TypeError('terminated')
      },
    })
    const { service, journal } = refundsRig(gateway)
    await service
      .issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' })
      .catch(() => undefined)
    expect(sent).toHaveLength(1)
    expect(journal.get(sent[0]!)).toBeDefined()
  })
})
