// The refund service forgets a journal entry only on the gateway's definite refusal of
// the only request. Whatever else comes out of the send (here an error that is not the gateway
// answering, from any layer between the service and the wire) keeps the entry, as unknown,
// and follows it: the request may have gone.
import { describe, expect, it, vi } from 'vitest'
import type * as SubmitModule from '../../../main/exactly-once/submit'
import { rejection } from '../../support/async'
import { refundsGateway, refundsRig } from '../../support/refunds-rig'

vi.mock('../../../main/exactly-once/submit', async (importOriginal) => {
  const original = await importOriginal<typeof SubmitModule>()
  return {
    ...original,
    submitByReference: async (options: { send: () => Promise<unknown> }) => {
      await options.send().catch(() => undefined)
      throw new RangeError('a layer of our own failed after the request left')
    },
  }
})

describe('a refund whose submission fails with an error that is not a refusal', () => {
  it('keeps its journal entry, unknown and followed', async () => {
    const sent: string[] = []
    const gateway = refundsGateway({
      initialize: async (body) => {
        sent.push(body.reference)
        return { reference: body.reference, status: 'pending' }
      },
      get: async () => new Promise(() => undefined),
    })
    const { service, journal, follower } = refundsRig(gateway)
    const error = await rejection(
      service.issue({ paymentReference: 'PAY_1', kind: 'full', reason: 'Returned' }),
    )
    expect(error.code).toBe('refund_unconfirmed')
    expect(sent).toHaveLength(1)
    const entry = journal.get(sent[0]!)
    expect(entry?.status).toBe('starting')
    expect(entry?.uncertainty?.steps.length).toBeGreaterThan(0)
    expect(follower.isFollowing(sent[0]!)).toBe(true)
    follower.stopAll()
  })
})
