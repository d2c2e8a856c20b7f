// Payouts against the sandbox's spec-variation mode (docs/sandbox.md): error bodies with the
// message only, a committed transfer invisible to verify for a second (commit lag), and half
// of the transfers answered only after the client's deadline although they committed (late
// response). Through test/support/lagging-gateway.ts a resend of a reference the gateway holds
// is also refused with 422 half the time. The real sender must still make exactly one
// transfer per payout, settle every payout by the gateway's own answer, and never show one as
// failed while the gateway holds its transfer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { accountName } from '../../sandbox/data/accounts'
import { createGatewayClient } from '../../main/gateway'
import { bindingHash } from '../../main/payouts/binding'
import { Outbox } from '../../main/payouts/outbox'
import { PayoutSender } from '../../main/payouts/sender'
import { startLaggingGateway, type LaggingGateway } from '../support/lagging-gateway'
import { makerAndChecker, rigCommands } from '../support/payout-rig'
import { tempDir } from '../unit/payouts/helpers'

const COUNT = 24
const TIMEOUT_MS = 300
const KEY = {
  key_id: 'variants_key',
  secret: 'variants-secret-0123456789',
  capabilities: ['*' as const],
}

let sandbox: RunningSandbox
let lagging: LaggingGateway
let dir = ''
let cleanup: () => Promise<void> = async () => undefined

beforeAll(async () => {
  ;({ dir, cleanup } = await tempDir())
  sandbox = await startSandbox({
    port: 0,
    keys: [KEY],
    settleDelayMs: 30,
    seed: 9,
    variants: {
      message_only_errors: true,
      commit_lag: { seconds: 1, path_prefix: '/disbursements' },
      late_response: { delay_ms: 700, rate: 0.5, path_prefix: '/disbursements/initialize' },
    },
  })
  lagging = await startLaggingGateway({ upstream: sandbox.url, lagMs: 0, refuseResendRate: 0.5 })
}, 30_000)

afterAll(async () => {
  await lagging?.close()
  await sandbox?.close()
  await cleanup()
})

describe('payouts against a gateway that disagrees with us', () => {
  it('message-only errors, commit lag, late answers and refused resends: one transfer each, none falsely failed', async () => {
    const client = createGatewayClient({
      baseUrl: lagging.url,
      keyId: KEY.key_id,
      secret: KEY.secret,
      timeoutMs: TIMEOUT_MS,
    })
    const control = createGatewayClient({
      baseUrl: sandbox.url,
      keyId: KEY.key_id,
      secret: KEY.secret,
    })
    const outbox = await Outbox.open({ dir })
    const { maker, checker } = makerAndChecker(
      { maker: 'u_varmaker01', checker: 'u_varcheck01' },
      'Variants',
    )
    const commands = rigCommands(
      outbox,
      async (_bank, account) => ({
        kind: 'resolved',
        accountName: accountName(account),
        bankName: 'GTB',
        at: Date.now(),
      }),
      () => 'Guaranty Trust Bank',
    )
    for (let i = 0; i < COUNT; i++) {
      const account = String(2_000_000_000 + i * 7_919)
      const item = await commands.draft(maker, {
        purpose: 'supplier',
        bankCode: '058',
        accountNumber: account,
        accountName: accountName(account),
        nameConfirmed: false,
        amount: `${500 + i}.00`,
        narration: `Variant ${i}`,
        recipientEmail: null,
        submit: true,
      })
      await commands.approve(checker, item.reference, '0000', bindingHash(item))
    }
    const sender = new PayoutSender({
      outbox,
      gateway: async () => client,
      resolveName: async (_bank, account) => ({
        kind: 'resolved',
        accountName: accountName(account),
        bankName: 'GTB',
        at: Date.now(),
      }),
      concurrency: 6,
      pollMs: 50,
      maxPollMs: 300,
      retryBaseMs: 50,
      retryMaxMs: 400,
      idleMs: 30,
      reversalWatchMs: 0,
      requestTimeoutMs: TIMEOUT_MS,
      verifyAfterMs: TIMEOUT_MS + 200,
      unknownWindowMs: 60_000,
    })
    sender.start()
    await sender.idle(90_000)
    await sender.stop()

    const held = new Map<string, { count: number; status: string }>()
    for (let page = 1; ; page++) {
      const result = await control.disbursements.list({ page, page_size: 100 })
      for (const t of result.data) {
        const reference = t.reference ?? ''
        held.set(reference, { count: (held.get(reference)?.count ?? 0) + 1, status: t.status })
      }
      if (page >= (result.pagination?.total_pages ?? page)) break
    }
    const items = [...outbox.items()]
    await outbox.close()
    const lostAnswers = items.filter((item) => item.uncertainty).length
    console.log(
      `payouts variants: items=${items.length} held=${held.size} lost_answers=${lostAnswers} ` +
        `refused_resends=${lagging.stats.refusedResends} states=${JSON.stringify(
          items.reduce<Record<string, number>>((acc, item) => {
            acc[item.state] = (acc[item.state] ?? 0) + 1
            return acc
          }, {}),
        )}`,
    )
    // The variations did bite: answers were lost, so verify and the commit lag were met.
    expect(lostAnswers).toBeGreaterThan(0)
    expect(held.size).toBe(COUNT)
    for (const item of items) {
      expect(held.get(item.reference)?.count).toBe(1)
      expect(item.state).toBe('success')
      expect(held.get(item.reference)?.status).toBe('success')
    }
  }, 120_000)
})
