// One refund service over an in-memory journal and manual timers, and a refunds gateway whose
// payment lookup, refund list and counts answer like a quiet gateway, for the refund suites.
// A suite passes only what its case is about: how the refund's send and lookup answer.
import type { RefundView } from '../../common/ipc/refunds'
import { Follower, SETTLEMENT_SCHEDULE } from '../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../main/payments/journal'
import {
  RefundEntry,
  RefundsService,
  type RefundsGateway,
  type RefundsServiceDeps,
} from '../../main/refunds/refunds-service'
import { ManualTimers, log, noRefunds, paidPayment } from '../unit/payments/support'

export interface RefundsGatewayOptions {
  /** The payment verify answers with (a completed ₦100.00 payment, PAY_1, by default). */
  payment?: Record<string, unknown>
  initialize: (body: { reference: string; amount?: number }) => Promise<unknown>
  /** The lookup of one refund by reference; a lookup nobody expects fails loudly. */
  get?: (reference: string) => Promise<unknown>
}

export function refundsGateway(options: RefundsGatewayOptions): RefundsGateway {
  const payment = options.payment ?? paidPayment()
  const empty = noRefunds()
  return {
    payments: { verify: async () => structuredClone(payment) },
    refunds: {
      initialize: options.initialize,
      get: options.get ?? (async () => Promise.reject(new Error('not used'))),
      ofPayment: async () => structuredClone(empty),
      history: async () => structuredClone(empty),
      counts: async () => ({ status: true, data: {} }),
    },
  } as unknown as RefundsGateway
}

/** `deps` replaces the rig's choices; as a function it is given the rig's timers. */
export function refundsRig(
  gateway: RefundsGateway,
  deps: Partial<RefundsServiceDeps> | ((timers: ManualTimers) => Partial<RefundsServiceDeps>) = {},
) {
  const timers = new ManualTimers()
  const journal = new Journal({
    name: 'refunds',
    schema: RefundEntry,
    storage: memoryStorage(),
    keyOf: (e) => e.reference,
    timeOf: (e) => e.createdAt,
    limit: 500,
  })
  const follower = new Follower(SETTLEMENT_SCHEDULE, timers)
  const seen: RefundView[] = []
  const service = new RefundsService({
    gateway: async () => gateway,
    journal,
    follower,
    publish: (view) => void seen.push(view),
    actor: () => ({ id: 'u_super0001', name: 'Sam' }),
    log,
    now: () => timers.now(),
    ...(typeof deps === 'function' ? deps(timers) : deps),
  })
  return { service, journal, follower, timers, seen }
}
