// payout-flush: 1,000 approved payouts flushed to the sandbox by the real sender (name
// enquiry, initialize, status follow-up, journal fsyncs), until every one is final. Once
// clean, once with 20% of gateway requests failing (500/502/timeout/reset before and after
// the commit, and 429), on top of which a gateway that disagrees with ours: commit lag (a
// transfer whose answer was lost stays invisible to verify for a while) and refusal of a
// resend whose reference it already holds (422 instead of 409). Duplicates, lost payouts and
// false failures are counted from the sandbox's own transfer list against the outbox. The
// sandbox runs in its own process, as the gateway would. The clean flush also reports the
// CPU seconds of the till's process (this one) and of the sandbox's: on two shared cores the
// wall time follows the load average, the till's CPU per 1,000 payouts much less.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createGatewayClient, type GatewayClient } from '../main/gateway'
import { bindingHash } from '../main/payouts/binding'
import { Outbox } from '../main/payouts/outbox'
import { PayoutSender } from '../main/payouts/sender'
import type { FaultRuleInput } from '../sandbox/faults'
import { accountName } from '../sandbox/data/accounts'
import { startLaggingGateway } from '../test/support/lagging-gateway'
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
 * after the write commits, plus 429s on sending. A 429's Retry-After (1 s) holds back all
 * sending, as a rate limit on sending should, so they are kept rare or they alone would set
 * the time.
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

/** User + system CPU seconds of another process so far (Linux /proc; null elsewhere). */
async function cpuSecondsOf(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

/** The gateway's disagreements on top of the faults: commit lag and refused resends. */
interface Disagreement {
  lagMs: number
  refuseResendRate: number
}

interface FlushResult {
  seconds: number
  /** CPU seconds (user + system) of this process, the till's, while the sender flushed. */
  tillCpuSeconds: number
  /** The same for the sandbox's process (null where /proc can't say). */
  gatewayCpuSeconds: number | null
  duplicates: number
  lost: number
  /** Payouts shown as failed while the gateway holds a transfer (not failed) for them. */
  falseFailed: number
  needsReview: number
  hiddenLookups: number
  refusedResends: number
}

async function flush(
  faults: FaultRuleInput[],
  timeoutMs: number,
  disagreement: Disagreement | null = null,
): Promise<FlushResult> {
  const dir = await mkdtemp(join(tmpdir(), 'tilldesk-bench-payouts-'))
  const { url, child } = await startSandboxProcess(dir)
  const proxy = disagreement ? await startLaggingGateway({ upstream: url, ...disagreement }) : null
  try {
    // The sender's client has the run's deadline; the bench's own calls (faults, listing) don't,
    // and they ask the sandbox itself what it holds.
    const client: GatewayClient = createGatewayClient({
      baseUrl: proxy?.url ?? url,
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
      // Past the request's deadline before verify-then-resend (the lag is longer still, so
      // verifies do meet hidden transfers); long enough a window that none need a person.
      verifyAfterMs: timeoutMs + 200,
      unknownWindowMs: 120_000,
    })
    const started = performance.now()
    const cpuBefore = process.cpuUsage()
    const gatewayBefore = await cpuSecondsOf(child.pid)
    sender.start()
    await sender.idle(600_000)
    const seconds = (performance.now() - started) / 1000
    const cpu = process.cpuUsage(cpuBefore)
    const tillCpuSeconds = (cpu.user + cpu.system) / 1e6
    const gatewayAfter = await cpuSecondsOf(child.pid)
    const gatewayCpuSeconds =
      gatewayBefore === null || gatewayAfter === null ? null : gatewayAfter - gatewayBefore
    await sender.stop()

    await control.sandbox.setFaults({ rules: [] })
    const perReference = new Map<string, number>()
    const gatewayStatus = new Map<string, string>()
    for (let page = 1; ; page++) {
      const result = await control.disbursements.list({ page, page_size: 100 })
      for (const t of result.data) {
        const reference = t.reference ?? ''
        perReference.set(reference, (perReference.get(reference) ?? 0) + 1)
        gatewayStatus.set(reference, t.status)
      }
      const pages = result.pagination?.total_pages ?? page
      if (page >= pages) break
    }
    const items = [...outbox.items()]
    const known = new Set(items.map((item) => item.reference))
    const duplicates =
      [...perReference.values()].reduce((n, count) => n + count - 1, 0) +
      [...perReference.keys()].filter((ref) => !known.has(ref)).length
    const lost =
      items.filter((item) => !perReference.has(item.reference)).length + (COUNT - items.length)
    // "Failed" on the till means the gateway said failed for that reference: any failed item
    // whose transfer the gateway holds in another status was a guess.
    const falseFailed = items.filter((item) => {
      const held = gatewayStatus.get(item.reference)
      return item.state === 'failed' && held !== undefined && held !== 'failed'
    }).length
    const needsReview = items.filter((item) => item.state === 'needs_review').length
    await outbox.close()
    return {
      seconds,
      tillCpuSeconds,
      gatewayCpuSeconds,
      duplicates,
      lost,
      falseFailed,
      needsReview,
      hiddenLookups: proxy?.stats.hiddenLookups ?? 0,
      refusedResends: proxy?.stats.refusedResends ?? 0,
    }
  } finally {
    await proxy?.close()
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    await rm(dir, { recursive: true, force: true })
  }
}

export async function run(): Promise<void> {
  const bench = 'payout-flush'
  // Clean: an ordinary deadline. Faults: short, since held sockets are part of the test.
  const clean = await flush([], 5_000)
  emit({ bench, metric: 'seconds_1000', value: round(clean.seconds), unit: 's', goal: '<= 2' })
  // The till's own CPU for the same flush: on 2 shared cores the wall time follows the load
  // average, this much less so (see docs/perf.md).
  emit({
    bench,
    metric: 'till_cpu_s_1000',
    value: round(clean.tillCpuSeconds),
    unit: 's',
    goal: null,
  })
  // The sandbox's, which shares the same two cores (where /proc says).
  if (clean.gatewayCpuSeconds !== null)
    emit({
      bench,
      metric: 'gateway_cpu_s_1000',
      value: round(clean.gatewayCpuSeconds),
      unit: 's',
      goal: null,
    })
  emit({ bench, metric: 'duplicates', value: clean.duplicates, unit: 'count', goal: '== 0' })
  emit({ bench, metric: 'lost', value: clean.lost, unit: 'count', goal: '== 0' })
  // 400 ms deadline; transfers whose answer was lost stay hidden from verify for 1.5 s, and
  // half of the resends the gateway already holds are refused with a 422.
  const faulty = await flush(FAULTS_20, 400, { lagMs: 1_500, refuseResendRate: 0.5 })
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
  emit({
    bench,
    metric: 'false_failed_faults20',
    value: faulty.falseFailed,
    unit: 'count',
    goal: '== 0',
  })
  // What the disagreeing gateway did, so a zero above is known to have been tested.
  emit({
    bench,
    metric: 'hidden_lookups_faults20',
    value: faulty.hiddenLookups,
    unit: 'count',
    goal: '> 0',
  })
  emit({
    bench,
    metric: 'refused_resends_faults20',
    value: faulty.refusedResends,
    unit: 'count',
    goal: '> 0',
  })
  emit({
    bench,
    metric: 'needs_review_faults20',
    value: faulty.needsReview,
    unit: 'count',
    goal: null,
  })
}
