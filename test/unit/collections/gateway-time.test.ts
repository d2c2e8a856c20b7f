// A charge's window and "late" are decided on the gateway's clock (the till's clock plus the
// offset the client measures from each response's Date header), not on the till's own clock.
import { describe, expect, it } from 'vitest'
import { FakeGateway, FakeScheduler, NGN } from './fakes'
import { actor, rig, WAITING } from './rig'

const THREE_MINUTES = 3 * 60_000

describe('gateway time', () => {
  it('a till clock 3 minutes fast does not mark a real payment late', async () => {
    const till = new FakeScheduler()
    // The gateway's clock is right; the till's runs 3 minutes ahead of it.
    const gateway = new FakeGateway({ now: () => till.now() - THREE_MINUTES })
    const { charges, late, clock } = rig({
      clock: till,
      gateway,
      gatewayOffsetMs: () => -THREE_MINUTES,
    })
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    await clock.advance(30_000)
    charges.watch(c.id, true) // the instructions screen renews its lease
    gateway.pay('ACC-1', NGN(5_000)) // 30 s after the charge opened, by the gateway's clock
    await clock.advance(WAITING)
    const view = charges.get(c.id)
    expect(late).toEqual([])
    expect(view.reconciliation.status).toBe('paid')
    expect(view.state).toBe('closed')
    // Recorded times are the gateway's, so they compare with the transfer's own time.
    expect(Date.parse(view.openedAt)).toBe(till.now() - 31_000 - THREE_MINUTES)
  })

  it('asks the gateway for transfers from the charge’s start in gateway time', async () => {
    const till = new FakeScheduler()
    const gateway = new FakeGateway({ now: () => till.now() + 90_000 })
    const { charges, clock } = rig({ clock: till, gateway, gatewayOffsetMs: () => 90_000 })
    gateway.addAccount('ACC-1')
    await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    const openedGatewayTime = till.now() + 90_000
    await clock.advance(10)
    expect(gateway.queries[0]?.start_date).toBe(new Date(openedGatewayTime - 60_000).toISOString())
  })
})
