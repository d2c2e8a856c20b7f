// Exactly-once leans on two "not shown" behaviours: that a write takes our reference and that a
// lookup finds a record by it. A gateway that ignored both would say "no such record" for every
// lost write, and a resend would make it twice. So a resend after a lost answer is earned per
// environment: only once a 2xx echoed our reference or a lookup found a record carrying it.
import { describe, expect, it } from 'vitest'
import type { Refund } from '../../../common/api/refunds'
import { AppError } from '../../../main/kernel/errors'
import {
  Follower,
  REVIEW_LOOKUP_SCHEDULE,
  SETTLEMENT_SCHEDULE,
} from '../../../main/exactly-once/follower'
import { ReferenceTrustStore } from '../../../main/exactly-once/trust'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
} from '../../../main/refunds/refunds-service'
import { rejection } from '../../support/async'
import { ManualTimers, gwError, log } from '../payments/support'

function setup(firstAnswer: 'lost' | 'echo') {
  const timers = new ManualTimers()
  const store = new ReferenceTrustStore(() => timers.now())
  const sent: string[] = []
  const gateway = {
    payments: {
      verify: async () => ({
        reference: 'PAY_1',
        status: 'success',
        amount: 1_000_000,
        currency: 'NGN',
        amount_refunded: 0,
      }),
    },
    refunds: {
      initialize: async (body: { reference: string }) => {
        sent.push(body.reference)
        if (firstAnswer === 'echo' && sent.length === 1)
          return { reference: body.reference, status: 'pending' } as Refund
        throw gwError('timeout', { status: null, outcomeUnknown: true })
      },
      // A gateway that does not look records up by our reference: never anything there.
      get: async () => Promise.reject(gwError('not_found', { method: 'GET' })),
      ofPayment: async () => ({
        status: true,
        data: [],
        pagination: { page: 1, page_size: 100, total_items: 0, total_pages: 1 },
      }),
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
  const service = new RefundsService({
    gateway: async () => gateway,
    journal,
    follower: new Follower(SETTLEMENT_SCHEDULE, timers),
    reviewFollower: new Follower(REVIEW_LOOKUP_SCHEDULE, timers),
    publish: () => undefined,
    actor: () => ({ id: 'u_super0001', name: 'Sam' }),
    log,
    now: () => timers.now(),
    trust: store.for(() => 'https://gateway.example|key_1'),
  })
  return { timers, store, sent, journal, service }
}

const issue = (s: ReturnType<typeof setup>, amount = '10') =>
  s.service.issue({ paymentReference: 'PAY_1', kind: 'partial', amount, reason: 'Returned' })

describe('resends after a lost answer are earned per environment', () => {
  it('until the gateway has shown it keeps our reference: looked up and reviewed, never sent again', async () => {
    const s = setup('lost')
    const error = await rejection(issue(s))
    expect(error).toBeInstanceOf(AppError)
    await s.timers.advance(40 * 60_000)
    expect(s.sent).toHaveLength(1)
    const entry = s.journal.list()[0]!
    expect(entry.status).toBe('needs_review')
    expect(entry.uncertainty?.steps.map((step) => step.said).join(' ')).toMatch(
      /not yet shown that it keeps our reference/,
    )
    expect(s.store.state('https://gateway.example|key_1').honoured).toBe(false)
  })

  it('once a 2xx echoed our reference, a lost answer with "no such record" is sent again', async () => {
    const s = setup('echo')
    await issue(s)
    expect(s.store.state('https://gateway.example|key_1')).toMatchObject({
      honoured: true,
      how: 'echo',
    })
    await rejection(issue(s, '20'))
    await s.timers.advance(60_000)
    expect(s.sent.length).toBeGreaterThan(2)
    // Another address or key has shown nothing yet.
    expect(s.store.state('https://other.example|key_1').honoured).toBe(false)
  })

  it('keeps what the lookups said while it may not resend, not a pile of "not sent again"', async () => {
    const s = setup('lost')
    await rejection(issue(s))
    await s.timers.advance(40 * 60_000)
    const steps = s.journal.list()[0]!.uncertainty!.steps
    // What a supervisor decides on: the gateway's answers to the lookups, and why none was resent.
    expect(steps.filter((step) => step.call === 'lookup').length).toBeGreaterThan(3)
    expect(steps.at(-1)).toMatchObject({ call: 'lookup', said: expect.stringMatching(/no refund/) })
    expect(steps.filter((step) => /not yet shown/.test(step.said))).toHaveLength(1)
  })
})
