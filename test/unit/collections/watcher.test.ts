import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { backoffCeiling, backoffDelay, DEFAULT_BACKOFF } from '../../../main/collections/backoff'
import { openFileStore } from '../../../main/collections/store'
import { createWatcher } from '../../../main/collections/watcher'
import { FakeGateway, FakeGatewayError, FakeScheduler, NGN } from './fakes'
import { actor, BACKGROUND, rig, WAITING } from './rig'

// The shared charges rig (rig.ts): the same wiring every collections test drives.
const setup = rig

const polls = (g: FakeGateway) => g.queries.filter((q) => q.page === 1).length

describe('watcher', () => {
  it('sends no requests at all while no charge is open', async () => {
    const { clock, gateway, charges } = setup()
    gateway.addAccount('ACC-1')
    charges.start()
    await clock.advance(120_000)
    expect(gateway.queries).toEqual([])
    expect(clock.pending()).toEqual([])
  })

  it('asks once per poll for all waiting accounts, from the earliest window (less skew)', async () => {
    const { clock, gateway, charges, updates } = setup()
    for (const ref of ['ACC-1', 'ACC-2', 'ACC-3']) gateway.addAccount(ref)
    const first = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    const openedAt = clock.now()
    await clock.advance(5_000)
    const others = [
      await charges.open({ accountReference: 'ACC-2', amount: '100' }, actor),
      await charges.open({ accountReference: 'ACC-3', amount: '100' }, actor),
    ]
    for (const c of [first, ...others]) charges.watch(c.id, true)
    const before = gateway.queries.length
    await clock.advance(10)
    const asked = gateway.queries.slice(before)
    expect(asked).toHaveLength(1) // one list for the three accounts, not three
    expect(asked[0]!.account_reference).toBeUndefined()
    expect(asked[0]).toMatchObject({
      start_date: new Date(openedAt - 60_000).toISOString(),
      page_size: 100,
    })
    expect(Date.parse(asked[0]!.end_date!)).toBeGreaterThan(clock.now())
    await clock.advance(10_000)
    expect(polls(gateway) - before).toBe(11) // every second while waiting, whatever the count
    // Read locally by account: each transfer lands on its own account's charge only.
    gateway.pay('ACC-2', NGN(100))
    gateway.addAccount('NOT-OURS')
    gateway.pay('NOT-OURS', NGN(100))
    await clock.advance(WAITING)
    expect(charges.get(others[0]!.id).state).toBe('closed')
    expect(charges.get(others[1]!.id).state).toBe('open')
    expect(charges.get(first.id).reconciliation.received).toBe(0)
    expect(updates.filter((u) => u.state === 'closed').map((u) => u.id)).toEqual([others[0]!.id])
  })

  it('asks nothing while another watcher covers the till (one per shop), then resumes', async () => {
    let paused = true
    const { clock, gateway, charges } = setup({ paused: () => paused })
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '100' }, actor)
    charges.watch(c.id, true)
    await clock.advance(30_000)
    expect(gateway.queries).toEqual([])
    paused = false // the shop's watcher is no longer heard
    gateway.pay('ACC-1', NGN(100))
    await clock.advance(1_500)
    expect(charges.get(c.id).state).toBe('closed')
  })

  it('asks per account when the gateway refuses the unfiltered list', async () => {
    const warnings: string[] = []
    const { clock, gateway, charges } = setup({ warn: (m) => warnings.push(m) })
    gateway.refuseUnfiltered = true
    gateway.addAccount('ACC-1')
    gateway.addAccount('ACC-2')
    const a = await charges.open({ accountReference: 'ACC-1', amount: '100' }, actor)
    const b = await charges.open({ accountReference: 'ACC-2', amount: '100' }, actor)
    gateway.pay('ACC-2', NGN(100))
    await clock.advance(10)
    expect(charges.get(b.id).state).toBe('closed')
    expect(charges.get(a.id).state).toBe('open')
    expect(warnings.filter((w) => /per account/.test(w))).toHaveLength(1)
    const before = gateway.queries.length
    await clock.advance(BACKGROUND)
    // From then on only per-account lists: the refused one is not asked again.
    expect(gateway.queries.slice(before).every((q) => q.account_reference !== undefined)).toBe(true)
  })

  it('reads a list whose envelope has no pagination block (a short page is the last)', async () => {
    const { clock, gateway, charges } = setup()
    gateway.noPagination = true
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '150' }, actor)
    for (let k = 0; k < 150; k++) gateway.pay('ACC-1', NGN(1), 'success', clock.now() + k)
    await clock.advance(10)
    // Each poll reads page 1 (100 items) and page 2 (50, short): never a third page.
    expect(gateway.queries.slice(0, 2).map((q) => q.page)).toEqual([1, 2])
    expect(gateway.queries.every((q) => q.page! <= 2)).toBe(true)
    expect(charges.get(c.id).reconciliation.counted).toHaveLength(150)
  })

  it('polls at most every second while a screen waits, and slowly in the background', async () => {
    const { clock, gateway, charges } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    await clock.advance(10)
    const start = polls(gateway)
    await clock.advance(10_000)
    expect(polls(gateway) - start).toBe(10) // every 1 s while waiting

    charges.watch(c.id, false)
    const before = polls(gateway)
    await clock.advance(60_000)
    expect(polls(gateway) - before).toBe(4) // every 15 s in the background
  })

  it('drops back to the background interval when the waiting screen stops renewing', async () => {
    const { clock, gateway, charges } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true) // lease 15 s, never renewed (window closed)
    await clock.advance(20_000)
    const before = polls(gateway)
    await clock.advance(60_000)
    expect(polls(gateway) - before).toBeLessThanOrEqual(4)
  })

  it('turns a charge paid within a waiting interval of the transfer', async () => {
    const { clock, gateway, charges, updates, paid } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '₦12,500.50' }, actor)
    charges.watch(c.id, true)
    await clock.advance(2_300)
    gateway.pay('ACC-1', NGN(12_500.5))
    const capturedAt = clock.now()
    await clock.advance(WAITING)
    const last = updates.at(-1)!
    expect(last).toMatchObject({ id: c.id, state: 'closed', reconciliation: { status: 'paid' } })
    expect(paid.map((p) => p.id)).toEqual([c.id])
    expect(clock.now() - capturedAt).toBeLessThanOrEqual(WAITING)
  })

  it('backs off with jitter on errors, within bounds, and recovers', async () => {
    const randoms = [0, 0.999, 0.5, 0.25, 0.75, 0.1]
    let i = 0
    const { clock, gateway, charges, statuses } = setup({
      random: () => randoms[i++ % randoms.length]!,
    })
    gateway.addAccount('ACC-1')
    await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    gateway.failWith = new FakeGatewayError(503, 'server')
    await clock.advance(20_000)
    const times = gateway.queryTimes
    expect(times.length).toBeGreaterThanOrEqual(5)
    const gaps = times.slice(1).map((t, k) => t - times[k]!)
    gaps.forEach((gap, k) => {
      const ceiling = backoffCeiling(k + 1, DEFAULT_BACKOFF)
      expect(gap).toBeGreaterThanOrEqual(ceiling / 2)
      expect(gap).toBeLessThanOrEqual(ceiling)
    })
    // The jitter really varies the delays (random 0 gives exactly half the ceiling).
    expect(gaps[0]).toBe(500)
    expect(gaps[1]).toBeGreaterThan(1_990)
    expect(statuses.at(-1)).toMatchObject({ online: false })
    expect(statuses.at(-1)?.offlineReason).toMatch(/HTTP 503/)

    gateway.failWith = null
    await clock.advance(40_000)
    expect(statuses.at(-1)).toMatchObject({ online: true, offlineReason: null })
  })

  it('honours Retry-After', async () => {
    const { clock, gateway, charges } = setup({ random: () => 0 })
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    gateway.failWith = new FakeGatewayError(429, 'rate_limited', 7_000)
    await clock.advance(10)
    const failedAt = gateway.queries.length
    await clock.advance(6_900)
    expect(gateway.queries.length).toBe(failedAt) // nothing before Retry-After
    gateway.failWith = null
    await clock.advance(200)
    expect(gateway.queries.length).toBe(failedAt + 1)
  })

  it('catches up on transfers made during an outage', async () => {
    const { clock, gateway, charges, updates, statuses } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '10000' }, actor)
    charges.watch(c.id, true)
    await clock.advance(1_000)
    gateway.failWith = new FakeGatewayError(null, 'network')
    await clock.advance(2_000)
    gateway.pay('ACC-1', NGN(4_000))
    await clock.advance(20_000)
    gateway.pay('ACC-1', NGN(6_000))
    expect(updates.at(-1)?.reconciliation.status).toBe('awaiting')
    gateway.failWith = null
    await clock.advance(40_000)
    expect(updates.at(-1)).toMatchObject({
      reconciliation: { status: 'paid', received: NGN(10_000) },
    })
    expect(statuses.at(-1)).toMatchObject({ online: true, caughtUp: 2 })
  })

  it('follows every page of a long window', async () => {
    const { clock, gateway, charges, updates } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '250' }, actor)
    for (let k = 0; k < 250; k++) gateway.pay('ACC-1', NGN(1), 'success', clock.now() + k)
    charges.watch(c.id, true)
    await clock.advance(1_000)
    expect(gateway.queries.filter((q) => q.page && q.page > 1).length).toBeGreaterThanOrEqual(2)
    expect(updates.at(-1)?.reconciliation).toMatchObject({
      status: 'paid',
      counted: expect.any(Array),
    })
    expect(updates.at(-1)?.reconciliation.counted).toHaveLength(250)
  })

  it('surfaces a transfer after close as late, during the late window only', async () => {
    const { clock, gateway, charges, late } = setup()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '100' }, actor)
    gateway.pay('ACC-1', NGN(100))
    await clock.advance(1_000)
    expect(charges.get(c.id).state).toBe('closed')
    gateway.pay('ACC-1', NGN(100)) // the customer pressed "send" twice
    await clock.advance(BACKGROUND + 1_000)
    expect(late.map((t) => t.amount)).toEqual([NGN(100)])
    expect(charges.late(false)[0]).toMatchObject({ late: true, chargeId: c.id })
    // After the late window nobody is waiting on this account: no more requests.
    await clock.advance(600_000)
    const n = gateway.queries.length
    await clock.advance(600_000)
    expect(gateway.queries.length).toBe(n)
  })

  it('watches many just-closed sales with one sweep, ignoring accounts this till never charged', async () => {
    const { clock, gateway, charges, late } = setup()
    for (let k = 1; k <= 5; k++) {
      gateway.addAccount(`ACC-${k}`)
      await charges.open({ accountReference: `ACC-${k}`, amount: '100' }, actor)
      gateway.pay(`ACC-${k}`, NGN(100))
    }
    gateway.addAccount('OTHER-TILL')
    await clock.advance(1_000)
    expect(charges.list('open')).toEqual([])
    gateway.pay('OTHER-TILL', NGN(999)) // another till's customer: not ours to surface
    gateway.pay('ACC-3', NGN(100)) // a late duplicate on one of ours
    const before = gateway.queries.length
    await clock.advance(60_000)
    const sweeps = gateway.queries.slice(before)
    expect(sweeps).toHaveLength(4) // one request per 15 s, not one per account
    expect(sweeps.every((q) => q.account_reference === undefined)).toBe(true)
    expect(late.map((t) => t.accountReference)).toEqual(['ACC-3'])
  })

  it('does not announce a transfer again after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilldesk-watch-'))
    try {
      const path = join(dir, 'collections.jsonl')
      const clock = new FakeScheduler()
      const gateway = new FakeGateway(clock)
      gateway.addAccount('ACC-1')
      const first = setup({ store: openFileStore(path), clock, gateway })
      const c = await first.charges.open({ accountReference: 'ACC-1', amount: '10000' }, actor)
      gateway.pay('ACC-1', NGN(4_000))
      await clock.advance(1_000)
      expect(first.updates.at(-1)?.reconciliation.status).toBe('part_paid')
      first.charges.stop()

      const second = setup({ store: openFileStore(path), clock, gateway })
      second.charges.start()
      await clock.advance(1_000)
      expect(second.updates).toEqual([]) // T1 is known: no event, no double count
      expect(second.charges.get(c.id).reconciliation).toMatchObject({
        received: NGN(4_000),
        balanceDue: NGN(6_000),
      })
      gateway.pay('ACC-1', NGN(6_000))
      await clock.advance(BACKGROUND)
      expect(second.updates.at(-1)).toMatchObject({
        state: 'closed',
        reconciliation: { status: 'paid' },
      })
      second.charges.stop()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('backoffDelay', () => {
  it('stays within [ceiling/2, ceiling] and never under Retry-After', () => {
    for (let n = 1; n <= 12; n++) {
      const ceiling = backoffCeiling(n, DEFAULT_BACKOFF)
      expect(backoffDelay(n, null, DEFAULT_BACKOFF, () => 0)).toBe(ceiling / 2)
      expect(backoffDelay(n, null, DEFAULT_BACKOFF, () => 0.999999)).toBeLessThanOrEqual(ceiling)
      expect(backoffDelay(n, 45_000, DEFAULT_BACKOFF, () => 0)).toBeGreaterThanOrEqual(45_000)
    }
    expect(backoffCeiling(20, DEFAULT_BACKOFF)).toBe(DEFAULT_BACKOFF.maxMs)
    // An absurd Retry-After is clamped so the till checks back eventually.
    expect(backoffDelay(1, 86_400_000, DEFAULT_BACKOFF, () => 0)).toBe(
      DEFAULT_BACKOFF.maxRetryAfterMs,
    )
  })
})

describe('checks asked for during a poll', () => {
  it('a webhook’s check that arrives while a poll is on its way gets a poll of its own', async () => {
    const clock = new FakeScheduler()
    let calls = 0
    let release: () => void = () => undefined
    const empty = {
      data: [],
      pagination: { page: 1, page_size: 100, total_items: 0, total_pages: 1 },
    }
    const watcher = createWatcher({
      gateway: {
        virtualAccounts: {
          transactions: async () => {
            calls += 1
            if (calls === 1) await new Promise<void>((resolve) => (release = resolve))
            return empty
          },
        },
      },
      scheduler: clock,
      random: () => 0.5,
      intervals: () => ({ waitingMs: 2_000, backgroundMs: BACKGROUND }),
      targets: () => [{ accountReference: 'ACC-1', sinceMs: 0, chargeIds: ['ch_1'] }],
      isWaiting: () => true,
      ingest: () => ({ fresh: 0, skipped: 0 }),
      onStatus: () => undefined,
    })
    watcher.poke()
    await clock.advance(0)
    expect(calls).toBe(1) // on its way, started before the transfer committed
    watcher.checkNow('ACC-1') // the webhook says: look now
    release()
    await clock.advance(0)
    expect(calls).toBe(2) // at once, not at the next 2 s poll
    watcher.stop()
  })
})
