// payout-flush: 1,000 approved payouts flushed to the sandbox by the real sender (name
// enquiry, initialize, status follow-up, journal fsyncs), until every one is final. Once
// clean, once with 20% of gateway requests failing (500/502/timeout/reset before and after
// the commit, and 429). Duplicates and lost payouts are counted from the sandbox's own transfer
// list against the outbox. The sandbox runs in its own process, as the gateway would.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createGatewayClient, type GatewayClient } from '../main/gateway'
import { bindingHash } from '../main/payouts/binding'
import { Outbox } from '../main/payouts/outbox'
import { PayoutSender } from '../main/payouts/sender'
import type { FaultRuleInput } from '../sandbox/faults'
import { accountName } from '../sandbox/data/accounts'
import { makerAndChecker, nameEnquiry, rigCommands } from '../test/support/payout-rig'
import { emit, round } from './emit'

const COUNT = 1_000
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const KEY = { key_id: 'bench_key', secret: 'bench-secret-0123456789', capabilities: ['*'] }
const { maker, checker } = makerAndChecker(
  { maker: 'u_benchmaker', checker: 'u_benchcheck' },
  'Bench',
)

/**
 * About 20% of all gateway requests fail: 1 - (0.967^6 * 0.99^2) = 19.9%, each kind before and
 * after the write commits, plus 429s on sending. A 429's Retry-After (1 s) pauses every
 * request, as a rate limit should, so they are kept rare or they alone would set the time.
 */
const FAULTS_20: FaultRuleInput[] = [
  { kind: '500', rate: 0.033, when: 'before' },
  { kind: '500', rate: 0.033, when: 'after' },
  { kind: '502', rate: 0.033, when: 'before' },
  { kind: '502', rate: 0.033, when: 'after' },
  { kind: 'reset', rate: 0.033, when: 'before' },
  { kind: 'reset', rate: 0.033, when: 'after' },
  { kind: 'timeout', rate: 0.01, when: 'before' },
  { kind: 'timeout', rate: 0.01, when: 'after' },
  {
    kind: '429',
    rate: 0.005,
    when: 'before',
    path_prefix: '/disbursements/initialize',
    retry_after_seconds: 1,
  },
]

async function startSandboxProcess(dir: string): Promise<{ url: string; child: ChildProcess }> {
  await writeFile(join(dir, 'keys.json'), JSON.stringify({ keys: [KEY] }))
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(ROOT, 'sandbox/cli.ts'),
      '--port',
      '0',
      '--keys',
      join(dir, 'keys.json'),
      '--settle-ms',
      '20',
      '--fault-hold-ms',
      '1000',
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      const match = /listening on (http:\/\/\S+)/.exec(buffer)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)))
  })
  return { url, child }
}

async function flush(
  faults: FaultRuleInput[],
  timeoutMs: number,
): Promise<{ seconds: number; duplicates: number; lost: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'tilldesk-bench-payouts-'))
  const { url, child } = await startSandboxProcess(dir)
  try {
    // The sender's client has the run's deadline; the bench's own calls (faults, listing) don't.
    const client: GatewayClient = createGatewayClient({
      baseUrl: url,
      keyId: KEY.key_id,
      secret: KEY.secret,
      timeoutMs,
    })
    const control = createGatewayClient({ baseUrl: url, keyId: KEY.key_id, secret: KEY.secret })
    const outbox = await Outbox.open({ dir: join(dir, 'outbox') })
    const names = nameEnquiry(client, timeoutMs)
    const commands = rigCommands(
      outbox,
      // Approval is set-up, not what is measured: names were confirmed when drafted.
      async (_bank, account) => ({
        kind: 'resolved',
        accountName: accountName(account),
        bankName: 'GTB',
        at: Date.now(),
      }),
      () => 'Guaranty Trust Bank',
    )
    const approvals: Promise<unknown>[] = []
    for (let i = 0; i < COUNT; i++) {
      const account = String(1_000_000_000 + i * 7_919)
      approvals.push(
        commands
          .draft(maker, {
            purpose: 'supplier',
            bankCode: '058',
            accountNumber: account,
            accountName: accountName(account),
            nameConfirmed: false,
            amount: `${1_000 + i}.00`,
            narration: `Bench ${i}`,
            recipientEmail: null,
            submit: true,
          })
          .then((item) => commands.approve(checker, item.reference, '0000', bindingHash(item))),
      )
    }
    await Promise.all(approvals)
    await control.sandbox.setFaults({ rules: faults, seed: 5 })

    const sender = new PayoutSender({
      outbox,
      gateway: async () => client,
      resolveName: (bank, account) => names.resolve(bank, account),
      concurrency: 32,
      // First status check just after the sandbox's 20 ms settle, so one verify usually suffices.
      pollMs: 30,
      maxPollMs: 200,
      retryBaseMs: 20,
      retryMaxMs: 300,
      idleMs: 20,
      reversalWatchMs: 0,
      requestTimeoutMs: timeoutMs,
    })
    const started = performance.now()
    sender.start()
    await sender.idle(600_000)
    const seconds = (performance.now() - started) / 1000
    await sender.stop()

    await control.sandbox.setFaults({ rules: [] })
    const perReference = new Map<string, number>()
    for (let page = 1; ; page++) {
      const result = await control.disbursements.list({ page, page_size: 100 })
      for (const t of result.data)
        perReference.set(t.reference, (perReference.get(t.reference) ?? 0) + 1)
      if (page >= result.pagination.total_pages) break
    }
    const items = [...outbox.items()]
    const known = new Set(items.map((item) => item.reference))
    const duplicates =
      [...perReference.values()].reduce((n, count) => n + count - 1, 0) +
      [...perReference.keys()].filter((ref) => !known.has(ref)).length
    const lost =
      items.filter((item) => !perReference.has(item.reference)).length + (COUNT - items.length)
    await outbox.close()
    return { seconds, duplicates, lost }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    await rm(dir, { recursive: true, force: true })
  }
}

export async function run(): Promise<void> {
  const bench = 'payout-flush'
  // Clean: an ordinary deadline. Faults: short, since held sockets are part of the test.
  const clean = await flush([], 5_000)
  emit({ bench, metric: 'seconds_1000', value: round(clean.seconds), unit: 's', goal: '<= 5' })
  emit({ bench, metric: 'duplicates', value: clean.duplicates, unit: 'count', goal: '== 0' })
  emit({ bench, metric: 'lost', value: clean.lost, unit: 'count', goal: '== 0' })
  const faulty = await flush(FAULTS_20, 400)
  emit({
    bench,
    metric: 'seconds_1000_faults20',
    value: round(faulty.seconds),
    unit: 's',
    goal: null,
  })
  emit({
    bench,
    metric: 'duplicates_faults20',
    value: faulty.duplicates,
    unit: 'count',
    goal: '== 0',
  })
  emit({ bench, metric: 'lost_faults20', value: faulty.lost, unit: 'count', goal: '== 0' })
}
