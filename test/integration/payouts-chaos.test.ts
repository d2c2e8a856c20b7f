// Chaos: 240 payouts sent by a worker process that is SIGKILLed at random moments and
// restarted, against a sandbox (its own process, state in --data) injecting 500, 502,
// timeouts and resets before and after the commit, and 429s, seen through a gateway that also
// disagrees with ours (test/support/lagging-gateway.ts): a transfer whose answer was lost stays
// invisible to verify for a while, and a resend of a reference it holds is refused with 422.
// At the end, the sandbox's own transfer list must hold exactly one transfer per outbox item,
// every payout the worker ever acknowledged must still be in the outbox, and no payout may
// say failed while the gateway holds a transfer for it.
import { spawn, type ChildProcess } from 'node:child_process'
import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FaultRuleInput } from '../../sandbox/faults'
import { createGatewayClient, type GatewayClient } from '../../main/gateway'
import { readChain } from '../../main/payouts/journal'
import { Outbox } from '../../main/payouts/outbox'
import { startLaggingGateway, type LaggingGateway } from '../support/lagging-gateway'
import { tempDir } from '../unit/payouts/helpers'

const TOTAL = 240
const KILLS = 10
const ROOT = join(import.meta.dirname, '..', '..')
const KEY = { key_id: 'chaos_key', secret: 'chaos-secret-0123456789', capabilities: ['*'] }

const FAULTS: FaultRuleInput[] = [
  { kind: '500', rate: 0.025, when: 'before' },
  { kind: '500', rate: 0.025, when: 'after' },
  { kind: '502', rate: 0.025, when: 'before' },
  { kind: '502', rate: 0.025, when: 'after' },
  { kind: 'timeout', rate: 0.015, when: 'before' },
  { kind: 'timeout', rate: 0.015, when: 'after' },
  { kind: 'reset', rate: 0.025, when: 'before' },
  { kind: 'reset', rate: 0.025, when: 'after' },
  {
    kind: '429',
    rate: 0.02,
    when: 'before',
    path_prefix: '/disbursements/initialize',
    retry_after_seconds: 1,
  },
]

let dir = ''
let cleanup: () => Promise<void> = async () => undefined
let sandbox: ChildProcess | null = null
let client: GatewayClient
let lagging: LaggingGateway | null = null

function tsx(script: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

function lines(child: ChildProcess, onLine: (line: string) => void): void {
  let buffer = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8')
    let end
    while ((end = buffer.indexOf('\n')) !== -1) {
      onLine(buffer.slice(0, end))
      buffer = buffer.slice(end + 1)
    }
  })
}

beforeAll(async () => {
  ;({ dir, cleanup } = await tempDir())
  await writeFile(join(dir, 'keys.json'), JSON.stringify({ keys: [KEY] }))
  sandbox = tsx('sandbox/cli.ts', [
    '--port',
    '0',
    '--keys',
    join(dir, 'keys.json'),
    '--data',
    join(dir, 'sandbox.json'),
    '--settle-ms',
    '60',
    '--fault-hold-ms',
    '900',
    '--seed',
    '7',
  ])
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('sandbox did not start')), 30_000)
    lines(sandbox!, (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    sandbox!.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)))
  })
  client = createGatewayClient({ baseUrl: url, keyId: KEY.key_id, secret: KEY.secret })
  await client.sandbox.setFaults({ rules: FAULTS, seed: 11 })
  lagging = await startLaggingGateway({ upstream: url, lagMs: 1_500, refuseResendRate: 0.5 })
}, 60_000)

afterAll(async () => {
  await lagging?.close()
  sandbox?.kill('SIGTERM')
  await cleanup()
})

describe('payouts under chaos', () => {
  it(`${TOTAL} payouts, faults and ${KILLS} SIGKILLs: exactly one transfer per payout, none lost`, async () => {
    const outboxDir = join(dir, 'outbox')
    const acknowledged = new Set<string>()
    const errors: string[] = []
    let repairs = 0
    let resumedSending = 0
    let resumedSubmitted = 0
    const run = (killAfterMs: number | null) =>
      new Promise<'done' | 'killed'>((resolve, reject) => {
        const worker = tsx('test/chaos/payoutWorker.ts', [], {
          CHAOS_DIR: outboxDir,
          CHAOS_URL: lagging!.url,
          CHAOS_KEY_ID: KEY.key_id,
          CHAOS_SECRET: KEY.secret,
          CHAOS_TOTAL: String(TOTAL),
        })
        let done = false
        let stderr = ''
        worker.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
        lines(worker, (line) => {
          const ack = /^ACK (?:created|submitted|approved) (\S+)$/.exec(line)
          if (ack) acknowledged.add(ack[1]!)
          else if (line.startsWith('REPAIR')) repairs += 1
          else if (line.startsWith('RESUME')) {
            resumedSending += Number(/sending=(\d+)/.exec(line)?.[1] ?? 0)
            resumedSubmitted += Number(/submitted=(\d+)/.exec(line)?.[1] ?? 0)
            // The clock starts once the outbox is open, so each kill lands mid-work.
            if (killAfterMs !== null) timer = setTimeout(() => worker.kill('SIGKILL'), killAfterMs)
          } else if (line.startsWith('ERROR') || line.startsWith('FATAL')) errors.push(line)
          else if (line === 'DONE') done = true
        })
        let timer: NodeJS.Timeout | null = null
        worker.once('exit', (code, signal) => {
          if (timer) clearTimeout(timer)
          if (done) resolve('done')
          else if (signal === 'SIGKILL') resolve('killed')
          else reject(new Error(`worker exited ${code ?? signal}: ${stderr.slice(-2_000)}`))
        })
      })

    // Kill at random points: while drafting, approving, sending and following.
    let kills = 0
    let torn = 0
    for (let i = 0; i < KILLS; i++) {
      const outcome = await run(100 + Math.floor(Math.random() * 900))
      if (outcome !== 'killed') break
      kills += 1
      // Every other kill also leaves half a record behind, as a power cut mid-write would.
      if (i % 2 === 1) {
        await appendFile(
          join(outboxDir, 'journal.jsonl'),
          '{"seq":999999,"at":"2025-03-10T09:00:00.000Z","prev":"ab',
        )
        torn += 1
      }
    }
    expect(await run(null)).toBe('done')

    // Count from the sandbox's own list, with faults off so the listing itself is reliable.
    await client.sandbox.setFaults({ rules: [] })
    const transfers: { reference: string; status: string }[] = []
    for (let page = 1; ; page++) {
      const result = await client.disbursements.list({ page, page_size: 100 })
      transfers.push(...result.data)
      if (page >= result.pagination.total_pages) break
    }
    const outbox = await Outbox.open({ dir: outboxDir })
    const items = [...outbox.items()]
    await outbox.close()
    const chain = await readChain(outboxDir)

    const perReference = new Map<string, number>()
    for (const t of transfers)
      perReference.set(t.reference, (perReference.get(t.reference) ?? 0) + 1)
    const known = new Set(items.map((item) => item.reference))
    const duplicates =
      [...perReference.values()].reduce((n, count) => n + Math.max(0, count - 1), 0) +
      transfers.filter((t) => !known.has(t.reference)).length
    const lostAcknowledged = [...acknowledged].filter((ref) => !known.has(ref))
    const withoutTransfer = items.filter((item) => !perReference.has(item.reference))
    const byState = items.reduce<Record<string, number>>((acc, item) => {
      acc[item.state] = (acc[item.state] ?? 0) + 1
      return acc
    }, {})
    const attempts = items.reduce((n, item) => n + item.sendAttempts, 0)

    console.log(
      `payouts chaos: items=${items.length} acknowledged=${acknowledged.size} transfers=${transfers.length} ` +
        `duplicates=${duplicates} lost=${lostAcknowledged.length + withoutTransfer.length} kills=${kills} ` +
        `resumed_in_sending=${resumedSending} resumed_in_submitted=${resumedSubmitted} ` +
        `initialize_attempts=${attempts} journal_records=${chain.records} torn_writes=${torn} journal_repairs=${repairs} ` +
        `hidden_lookups=${lagging!.stats.hiddenLookups} refused_resends=${lagging!.stats.refusedResends} ` +
        `states=${JSON.stringify(byState)}`,
    )
    expect(errors.filter((e) => e.startsWith('FATAL'))).toEqual([])
    expect(kills).toBeGreaterThanOrEqual(5)
    // Every torn tail was found and cut off on the next start (a checkpoint may also count).
    expect(repairs).toBeGreaterThanOrEqual(torn)
    expect(chain.ok).toBe(true)
    expect(items.length).toBe(TOTAL)
    expect(transfers.length).toBe(TOTAL)
    expect(duplicates).toBe(0)
    expect(lostAcknowledged).toEqual([])
    expect(withoutTransfer.map((item) => item.reference)).toEqual([])
    // The disagreeing gateway did hide transfers and refuse resends.
    expect(lagging!.stats.hiddenLookups).toBeGreaterThan(0)
    expect(lagging!.stats.refusedResends).toBeGreaterThan(0)
    // Every payout is final, and agrees with the gateway about how it ended: none says failed
    // while the gateway holds a transfer for it.
    const gatewayStatus = new Map(transfers.map((t) => [t.reference, t.status]))
    const falseFailed = items.filter(
      (item) => item.state === 'failed' && gatewayStatus.get(item.reference) !== 'failed',
    )
    expect(falseFailed.map((item) => item.reference)).toEqual([])
    for (const item of items) {
      expect(['success', 'failed']).toContain(item.state)
      expect(gatewayStatus.get(item.reference)).toBe(item.state)
    }
    // Faults happened: more initialize calls than payouts.
    expect(attempts).toBeGreaterThan(TOTAL)
  }, 150_000)
})
