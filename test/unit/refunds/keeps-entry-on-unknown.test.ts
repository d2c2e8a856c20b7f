// The refund service forgets a journal entry only on the gateway's definite refusal of
// the only request. Whatever else comes out of the send (here an error that is not the gateway
// answering, from any layer between the service and the wire) keeps the entry, as unknown,
// and follows it: the request may have gone.
import { describe, expect, it, vi } from 'vitest'
import type { RefundView } from '../../../common/ipc/refunds'
import { Follower, SETTLEMENT_SCHEDULE } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import type * as SubmitModule from '../../../main/exactly-once/submit'
import { rejection } from '../../support/async'
import { ManualTimers, log, noRefunds } from '../payments/support'

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
    const timers = new ManualTimers()
    const empty = noRefunds()
    const sent: string[] = []
    const gateway = {
      payments: {
        verify: async () => ({
          reference: 'PAY_1',
          status: 'success',
          amount: 10_000,
          currency: 'NGN',
          amount_refunded: 0,
        }),
      },
      refunds: {
        initialize: async (body: { reference: string }) => {
          sent.push(body.reference)
          return { reference: body.reference, status: 'pending' }
        },
        get: async () => new Promise(() => undefined),
        ofPayment: async () => structuredClone(empty),
        history: async () => structuredClone(empty),
        counts: async () => ({ status: true, data: {} }),
      },
    } as unknown as RefundsGateway
    const journal = new Journal({
      name: 'refunds',
      schema: RefundEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: 500,
    })
    const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
    const service = new RefundsService({
      gateway: async () => gateway,
      journal,
      follower,
      publish: (_view: RefundView) => undefined,
      actor: () => ({ id: 'u_super0001', name: 'Sam' }),
      log,
      now: () => timers.now(),
    })
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
