// Chaos for refunds: 120 full refunds issued by the real RefundsService through a gateway that
// fails 20% of refund requests (500, 502, timeouts and resets, before and after the commit)
// and disagrees with ours (test/support/lagging-gateway.ts): a refund whose answer was lost
// stays invisible to its lookup for a while, and a resend of a reference it holds is refused
// with 422. Each payment's refund is issued once, as a cashier told "don't issue it again"
// would. At the end the sandbox's own records must hold exactly one refund per payment, every
// refund the till journalled, and none the till shows as failed while the gateway has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FaultRuleInput } from '../../sandbox/faults'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { silentLogger } from '../../main/kernel/log'
import { AppError } from '../../main/kernel/errors'
import { createGatewayClient, type GatewayClient } from '../../main/gateway'
import { Follower } from '../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../main/payments/journal'
import { RefundEntry, RefundsService } from '../../main/refunds/refunds-service'
import type { Minor } from '../../common/money'
import { startLaggingGateway, type LaggingGateway } from '../support/lagging-gateway'

const PAYMENTS = 120
const TIMEOUT_MS = 1_000
const KEY = {
  key_id: 'refund_chaos',
  secret: 'refund-chaos-secret-0123456789',
  capabilities: ['*' as const],
}

/** About 20% of refund requests fail: 1 - 0.973^8 = 19.7%. */
const FAULTS: FaultRuleInput[] = (['500', '502', 'reset', 'timeout'] as const).flatMap((kind) =>
  (['before', 'after'] as const).map((when) => ({
    kind,
    rate: 0.027,
    when,
    path_prefix: '/refunds',
  })),
)

let sandbox: RunningSandbox
let control: GatewayClient
let lagging: LaggingGateway

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, keys: [KEY], settleDelayMs: 60, faultHoldMs: 2_000 })
  control = createGatewayClient({ baseUrl: sandbox.url, keyId: KEY.key_id, secret: KEY.secret })
  lagging = await startLaggingGateway({
    upstream: sandbox.url,
    lagMs: 1_500,
    refuseResendRate: 0.5,
    seed: 3,
  })
}, 30_000)

afterAll(async () => {
  await lagging?.close()
  await sandbox?.close()
})

describe('refunds under chaos', () => {
  it(`${PAYMENTS} refunds with 20% faults, commit lag and refused resends: one each, none lost, none falsely failed`, async () => {
    const payments: string[] = []
    for (let i = 0; i < PAYMENTS; i++) {
      const reference = `PAY-CHAOS-${i}`
      await control.payments.initialize({
        email: `buyer${i}@example.com`,
        amount: (10_000 + i * 100) as Minor,
        currency: 'NGN',
        reference,
      })
      await control.sandbox.completePayment(reference, { outcome: 'success' })
      payments.push(reference)
    }
    sandbox.setFaults(FAULTS, 17)

    const client = createGatewayClient({
      baseUrl: lagging.url,
      keyId: KEY.key_id,
      secret: KEY.secret,
      timeoutMs: TIMEOUT_MS,
    })
    const journal = new Journal({
      name: 'refunds',
      schema: RefundEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: 10_000,
      keep: () => true,
    })
    const service = new RefundsService({
      gateway: async () => client,
      journal,
      follower: new Follower({ steps: [{ untilMs: 300_000, everyMs: 50 }] }),
      publish: () => undefined,
      actor: () => ({ id: 'u_chaos', name: 'Chaos Supervisor' }),
      log: silentLogger,
      verifyAfterMs: TIMEOUT_MS + 200,
      unknownWindowMs: 120_000,
    })

    // Issue each payment's refund once. A failure before anything was journalled (the lookup
    // of the payment failed, or a definite refusal) may be tried again; "unconfirmed" may not.
    const issued = new Set<string>()
    let unconfirmed = 0
    for (let round = 0; round < 60 && issued.size < PAYMENTS; round++) {
      // A dozen cashiers at once, not a hundred: a loaded machine must not turn into timeouts.
      const batch = payments.filter((p) => !issued.has(p)).slice(0, 12)
      await Promise.all(
        batch.map(async (paymentReference) => {
          try {
            await service.issue({ paymentReference, kind: 'full', reason: 'Chaos' })
            issued.add(paymentReference)
          } catch (error) {
            if (error instanceof AppError && error.code === 'refund_unconfirmed') {
              unconfirmed += 1
              issued.add(paymentReference)
            }
          }
        }),
      )
    }
    expect(issued.size).toBe(PAYMENTS)

    const settled = () =>
      journal.list().every((e) => ['success', 'failed', 'needs_review'].includes(e.status))
    await expect.poll(settled, { timeout: 120_000, interval: 100 }).toBe(true)
    service.stop()

    // Ask the sandbox itself, with faults off, what it holds.
    sandbox.setFaults([])
    const held = new Map<string, { payment: string; status: string }>()
    for (const paymentReference of payments) {
      const answer = await control.refunds.ofPayment(paymentReference, { page: 1, page_size: 100 })
      for (const refund of answer.data)
        held.set(refund.reference ?? '', { payment: paymentReference, status: refund.status })
    }
    const entries = journal.list()
    const journalled = new Set(entries.map((e) => e.reference))
    const perPayment = new Map<string, number>()
    for (const { payment } of held.values())
      perPayment.set(payment, (perPayment.get(payment) ?? 0) + 1)
    const duplicates =
      [...perPayment.values()].reduce((n, c) => n + c - 1, 0) +
      [...held.keys()].filter((ref) => !journalled.has(ref)).length
    const lost =
      entries.filter((e) => !held.has(e.reference)).length +
      payments.filter((p) => !perPayment.has(p)).length
    const falseFailed = entries.filter(
      (e) =>
        e.status === 'failed' &&
        held.has(e.reference) &&
        held.get(e.reference)!.status !== 'failed',
    ).length
    const needsReview = entries.filter((e) => e.status === 'needs_review').length

    console.log(
      `refunds chaos: payments=${PAYMENTS} journalled=${entries.length} held=${held.size} ` +
        `unconfirmed_at_issue=${unconfirmed} duplicates=${duplicates} lost=${lost} ` +
        `false_failed=${falseFailed} needs_review=${needsReview} ` +
        `hidden_lookups=${lagging.stats.hiddenLookups} refused_resends=${lagging.stats.refusedResends}`,
    )
    expect(unconfirmed).toBeGreaterThan(0)
    expect(lagging.stats.hiddenLookups).toBeGreaterThan(0)
    expect(lagging.stats.refusedResends).toBeGreaterThan(0)
    expect(duplicates).toBe(0)
    expect(lost).toBe(0)
    expect(falseFailed).toBe(0)
    expect(needsReview).toBe(0)
    expect(entries).toHaveLength(PAYMENTS)
  }, 240_000)
})
