// confirmation-latency: from the gateway (the embedded Demo sandbox) capturing a customer's
// transfer to the cashier's screen showing Paid in Chromium, through the real main-process
// services, watcher, preview bridge and renderer, with the default poll intervals. Also counts
// the watcher's gateway requests per minute: nobody waiting, an instructions screen waiting,
// and in the late window right after sales closed (one shared sweep). A second set of trials
// presses "Customer says it's sent" first, as a cashier does when the customer says so.
import { minor } from '../common/money'
import { emit, percentile, round } from './emit'
import { sleep, startBenchTill, type BenchTill } from './_till'

const BENCH = 'confirmation-latency'
const TRIALS = Number(process.env.BENCH_TRIALS ?? 32)
const NUDGE_TRIALS = Number(process.env.BENCH_NUDGE_TRIALS ?? 20)
const TRANSACTIONS = '/merchants/virtual-accounts/transactions'

/**
 * Runs in the page: sets window.__paidAt to a promise of the time the first frame showing
 * Paid is produced. A string, so the bundler's helpers (tsx adds __name) never reach the page;
 * it ends in `undefined` so evaluate() doesn't wait on the promise.
 */
const WATCH_FOR_PAID = `
  window.__paidAt = new Promise((resolve) => {
    function seen() {
      if (!document.querySelector('[data-phase="paid"] [data-testid="paid-panel"]')) return false
      requestAnimationFrame(() => resolve(Date.now()))
      return true
    }
    if (seen()) return
    const observer = new MutationObserver(() => { if (seen()) observer.disconnect() })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  });
  undefined
`

async function perMinute(till: BenchTill, ms: number): Promise<number> {
  const start = till.requests(TRANSACTIONS)
  const t = Date.now()
  await sleep(ms)
  return ((till.requests(TRANSACTIONS) - start) * 60_000) / (Date.now() - t)
}

export async function run(): Promise<void> {
  const till = await startBenchTill(BENCH)
  // A cashier at a busy till is never idle long enough for the lock (the admin's is 2 minutes,
  // and on a loaded machine the trials take longer than that).
  const awake = setInterval(
    () => void till.call('session.activity', undefined).catch(() => undefined),
    15_000,
  )
  try {
    let customers = 0
    const openCharge = async (amount: string) => {
      customers += 1
      const account = await till.call('customer.create', {
        name: `Bench Customer ${customers}`,
        email: `bench${customers}@example.com`,
        bvn: '22212345678',
      })
      return till.call('charge.open', { accountReference: account.accountReference, amount })
    }
    await till.show('#/collect')

    // 1. Idle: no charge open, nobody waiting. The watcher should not call at all.
    await sleep(2_000)
    const idle = await perMinute(till, 20_000)

    // 2. Waiting: an instructions screen on show, no transfer yet.
    const waiting = await openCharge('1000')
    await till.show(`#/instructions/${waiting.id}`)
    await till.page.waitForSelector('[data-testid="instructions"]')
    await sleep(2_000)
    const waitingRate = await perMinute(till, 20_000)
    await till.call('charge.cancel', { chargeId: waiting.id, reason: 'bench' })

    // 3. Trials: capture → Paid on screen; then the same after "Customer says it's sent".
    const client = await till.services.environment.client()
    const trial = async (n: number, nudge: boolean): Promise<number> => {
      const charge = await openCharge('2500.50')
      await till.show(`#/instructions/${charge.id}`)
      await till.page.waitForSelector('[data-testid="instructions"]')
      if (nudge) await till.call('charge.customerSaysSent', { chargeId: charge.id })
      // A random moment relative to the poll timer, like a real customer.
      await sleep(300 + Math.random() * 1_000)
      await till.page.evaluate(WATCH_FOR_PAID)
      const result = await client.sandbox.simulateTransfer(charge.account.accountReference, {
        amount: minor(250_050),
      })
      const capturedAt = Date.parse(result.data.created_at)
      const paidAt = await Promise.race([
        till.page.evaluate(() => (globalThis as unknown as { __paidAt: Promise<number> }).__paidAt),
        sleep(15_000).then(() => {
          throw new Error(`trial ${n}: Paid did not appear within 15 s`)
        }),
      ])
      return paidAt - capturedAt
    }
    const latencies: number[] = []
    for (let n = 0; n < TRIALS; n++) latencies.push(await trial(n, false))
    const nudged: number[] = []
    for (let n = 0; n < NUDGE_TRIALS; n++) nudged.push(await trial(n, true))
    await till.show('#/collect')

    // 4. Right after the sales: only the shared late-window sweep.
    await sleep(1_000)
    const afterSale = await perMinute(till, 30_000)

    const line = (metric: string, value: number, unit: string, goal: string | null) =>
      emit({ bench: BENCH, metric, value: round(value, 1), unit, goal })
    line('trials', latencies.length, 'count', '>= 30')
    line('p50_ms', percentile(latencies, 50), 'ms', null)
    line('p95_ms', percentile(latencies, 95), 'ms', '<= 1100')
    line('max_ms', Math.max(...latencies), 'ms', null)
    line('after_nudge_trials', nudged.length, 'count', null)
    line('after_nudge_p50_ms', percentile(nudged, 50), 'ms', null)
    line('after_nudge_p95_ms', percentile(nudged, 95), 'ms', '<= 600')
    line('requests_per_min_waiting', waitingRate, 'req/min', '<= 60')
    line('requests_per_min_idle', idle, 'req/min', '<= 0')
    line('requests_per_min_after_sale', afterSale, 'req/min', '<= 4')
  } finally {
    clearInterval(awake)
    await till.close()
  }
}
