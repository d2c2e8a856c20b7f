// history-scroll: the Transfers history over 10,000+ gateway transactions in Chromium. Seeds
// the embedded Demo sandbox with transfers, then scrolls the virtualized list frame by frame
// and jumps to the end: frame times, how many rows are in the DOM, and how long the last page
// takes to arrive from the gateway (server pagination, 100 rows a request).
import { minor } from '../common/money'
import { emit, percentile, round } from './emit'
import { sleep, startBenchTill } from './_till'

const BENCH = 'history-scroll'
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000)
const ACCOUNTS = 20
const CONCURRENCY = 8

/**
 * Runs in the page (a string: no bundler helpers): scrolls the list 120 px per frame for
 * `frames` frames and resolves with each frame's duration and the most rows ever in the DOM.
 */
const SCROLL = (frames: number) => `
  new Promise((resolve) => {
    const box = document.querySelector('[data-testid="history-scroll"]')
    const durations = []
    let maxRows = 0
    let last = performance.now()
    let n = 0
    function step(now) {
      durations.push(now - last)
      last = now
      maxRows = Math.max(maxRows, document.querySelectorAll('[data-testid="history-row"]').length)
      box.scrollTop += 120
      if (++n < ${frames}) requestAnimationFrame(step)
      else resolve({ durations: durations.slice(1), maxRows })
    }
    requestAnimationFrame(step)
  })
`

export async function run(): Promise<void> {
  const till = await startBenchTill(BENCH)
  try {
    const client = await till.services.environment.client()
    const accounts: string[] = []
    for (let i = 0; i < ACCOUNTS; i++) {
      const a = await till.call('customer.create', {
        name: `History Customer ${i}`,
        email: `history${i}@example.com`,
        bvn: '22212345678',
      })
      accounts.push(a.accountReference)
    }
    const seedStart = Date.now()
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ROWS) {
          const i = next++
          await client.sandbox.simulateTransfer(accounts[i % ACCOUNTS]!, {
            amount: minor(100 + (i % 977) * 25),
            status: i % 37 === 0 ? 'failed' : 'success',
          })
        }
      }),
    )
    const seedMs = Date.now() - seedStart

    const opened = Date.now()
    await till.show('#/history')
    await till.page.waitForFunction(
      (n) => {
        const text = (
          globalThis as unknown as {
            document: { querySelector(s: string): { textContent: string } | null }
          }
        ).document.querySelector('[data-testid="history-count"]')?.textContent
        return text !== undefined && Number(text.replace(/\D/g, '')) >= n
      },
      ROWS,
      { timeout: 30_000 },
    )
    await till.page.waitForSelector('[data-testid="history-row"] >> text=₦')
    const firstPageMs = Date.now() - opened
    await sleep(500)

    const scroll = (await till.page.evaluate(SCROLL(300))) as {
      durations: number[]
      maxRows: number
    }

    // Jump to the very end: the rows there come from the last server page.
    const jumped = Date.now()
    await till.page.evaluate(`
      (() => { const box = document.querySelector('[data-testid="history-scroll"]'); box.scrollTop = box.scrollHeight })()
    `)
    // Polled from here: the page's CSP (rightly) forbids the eval a string predicate needs.
    const LAST_ROW_LOADED = `(() => { const rows = [...document.querySelectorAll('[data-testid="history-row"]')];
      const last = rows[rows.length - 1];
      return Boolean(last && Number(last.getAttribute('aria-rowindex')) > ${ROWS} && !last.textContent.includes('Loading')) })()`
    while (!(await till.page.evaluate(LAST_ROW_LOADED))) {
      if (Date.now() - jumped > 30_000) throw new Error('the last page never arrived')
      await sleep(10)
    }
    const jumpMs = Date.now() - jumped

    const line = (metric: string, value: number, unit: string, goal: string | null) =>
      emit({ bench: BENCH, metric, value: round(value, 1), unit, goal })
    line('rows', ROWS, 'count', '>= 10000')
    line('seed_ms', seedMs, 'ms', null)
    line('first_page_ms', firstPageMs, 'ms', '<= 1500')
    line('frame_p50_ms', percentile(scroll.durations, 50), 'ms', null)
    line('frame_p95_ms', percentile(scroll.durations, 95), 'ms', '<= 50')
    line('frames_over_50ms', scroll.durations.filter((d) => d > 50).length, 'count', null)
    line('dom_rows_max', scroll.maxRows, 'count', '<= 60')
    line('jump_to_end_ms', jumpMs, 'ms', '<= 2000')
  } finally {
    await till.close()
  }
}
