// The till's own shop event log: a burst of events waits for one disk flush (group commit),
// keeps its order and numbering, and a flush that fails fails every event queued behind it so
// the log never has a hole.
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as FsPromises from 'node:fs/promises'
import { afterEach, describe, expect, it, vi } from 'vitest'

const flushes = vi.hoisted(() => ({ count: 0, failNext: false }))
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof FsPromises>()
  return {
    ...real,
    open: async (...args: Parameters<typeof real.open>) => {
      const handle = await real.open(...args)
      const sync = handle.sync.bind(handle)
      handle.sync = async () => {
        flushes.count += 1
        if (flushes.failNext) {
          flushes.failNext = false
          throw new Error('disk full')
        }
        return sync()
      }
      return handle
    },
  }
})

const { LocalShopLog } = await import('../../../main/shop/local-log')
const { ShopSync } = await import('../../../main/shop/sync')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  flushes.count = 0
  flushes.failNext = false
})

function till() {
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-shop-log-'))
  dirs.push(dir)
  const log = new LocalShopLog(dir)
  const { privateKey } = generateKeyPairSync('ed25519')
  const sync = new ShopSync({
    tillId: 'till-a',
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    log,
    // Never reached: these tests record only; nothing is pushed.
    pool: {} as never,
    apply: () => undefined,
  })
  return { dir, log, sync }
}

describe('the shop event log', () => {
  it('writes a burst of events with far fewer disk flushes than events, in order', async () => {
    const { dir, log, sync } = till()
    const events = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sync.record('transfer.seen', { n: i })),
    )
    expect(events.map((e) => e.tillSeq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    // The first event flushes alone; the 19 handed in during that flush go together.
    expect(flushes.count).toBeLessThanOrEqual(2)
    const lines = readFileSync(join(dir, 'events.jsonl'), 'utf8').trim().split('\n')
    expect(lines.map((l) => (JSON.parse(l) as { body: { n: number } }).body.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    )
    expect(new LocalShopLog(dir).all.map((e) => e.tillSeq)).toEqual(log.all.map((e) => e.tillSeq))
    expect(log.pending().length).toBe(20)
  })

  it('fails the events queued behind a failed flush, and numbers the next event after the last one on disk', async () => {
    const { dir, log, sync } = till()
    await sync.record('a', {})
    flushes.failNext = true
    const failed = await Promise.allSettled([sync.record('b', {}), sync.record('c', {})])
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    expect(log.nextSeq).toBe(2)
    const next = await sync.record('d', {})
    expect(next.tillSeq).toBe(2)
    expect(new LocalShopLog(dir).all.map((e) => [e.tillSeq, e.kind])).toEqual([
      [1, 'a'],
      [2, 'd'],
    ])
  })
})
