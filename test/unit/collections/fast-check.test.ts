// "Customer says it's sent": check at once, then check faster for a short while, within the
// rate budget (main/collections/watcher.ts, FAST_CHECK). Driven by a fake clock: the assertions
// count requests at given fake times, never how long anything took.
import { describe, expect, it } from 'vitest'
import { FAST_CHECK } from '../../../main/collections/watcher'
import { FakeGatewayError, NGN } from './fakes'
import { actor, BACKGROUND, rig } from './rig'

const polls = (queries: { page?: number | undefined }[]) =>
  queries.filter((q) => q.page === 1).length

describe('customer says it is sent', () => {
  it('checks at once, then every interval for the burst, then falls back', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    await clock.advance(10) // the first background poll
    const before = polls(gateway.queries)

    const burst = charges.customerSaysSent(c.id)
    expect(burst).toMatchObject({
      chargeId: c.id,
      checkingNow: true,
      intervalMs: FAST_CHECK.intervalMs,
    })
    expect(Date.parse(burst.fastUntil)).toBe(clock.now() + FAST_CHECK.durationMs)
    expect(burst.message).toMatch(/Checking now/)
    await clock.advance(0)
    expect(polls(gateway.queries) - before).toBe(1) // at once

    await clock.advance(FAST_CHECK.durationMs)
    const during = polls(gateway.queries) - before
    expect(during).toBe(1 + FAST_CHECK.durationMs / FAST_CHECK.intervalMs)

    const after = polls(gateway.queries)
    await clock.advance(BACKGROUND * 2)
    expect(polls(gateway.queries) - after).toBe(2) // back to the background pace
  })

  it('finds the transfer on the first fast check and stops when the charge is paid', async () => {
    const { charges, gateway, clock, paid } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    await clock.advance(10)
    gateway.pay('ACC-1', NGN(5_000))
    charges.customerSaysSent(c.id)
    await clock.advance(0)
    expect(paid.map((p) => p.id)).toEqual([c.id])
    const settled = polls(gateway.queries)
    await clock.advance(FAST_CHECK.durationMs)
    // Paid: only the late-transfer sweep goes on, at the background pace.
    expect(polls(gateway.queries) - settled).toBeLessThanOrEqual(
      Math.ceil(FAST_CHECK.durationMs / BACKGROUND),
    )
  })

  it('pressing again does not check sooner than the interval (the budget holds)', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    await clock.advance(10)
    charges.customerSaysSent(c.id)
    await clock.advance(0)
    const before = polls(gateway.queries)
    for (let i = 0; i < 10; i++) charges.customerSaysSent(c.id)
    await clock.advance(FAST_CHECK.intervalMs - 1)
    expect(polls(gateway.queries) - before).toBe(0)
    await clock.advance(1)
    expect(polls(gateway.queries) - before).toBe(1)
  })

  it('never runs more bursts at once than the budget allows', async () => {
    const { charges, gateway, clock } = rig()
    const ids: string[] = []
    for (let i = 1; i <= FAST_CHECK.maxBursts + 1; i++) {
      gateway.addAccount(`ACC-${i}`)
      ids.push((await charges.open({ accountReference: `ACC-${i}`, amount: '100' }, actor)).id)
    }
    await clock.advance(10)
    const results = ids.map((id) => charges.customerSaysSent(id))
    expect(results.slice(0, -1).every((r) => r.intervalMs === FAST_CHECK.intervalMs)).toBe(true)
    const over = results.at(-1)!
    expect(over.intervalMs).toBeGreaterThan(FAST_CHECK.intervalMs)
    expect(over.message).toMatch(/other customers/)
  })

  it('respects the gateway asking us to slow down', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    await clock.advance(10)
    gateway.failWith = new FakeGatewayError(429, 'rate_limited', 30_000)
    charges.customerSaysSent(c.id)
    await clock.advance(0)
    const before = polls(gateway.queries)
    await clock.advance(29_000)
    expect(polls(gateway.queries) - before).toBe(0)
  })
})
