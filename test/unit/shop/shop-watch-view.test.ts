// Settings → Shop's watch facts, as main builds them (main/shop/shop-watch.ts watchView, from
// the watch lease as it hears the shop's channel). The request rate is the whole shop's: every
// gateway request each till makes (each till says its own), not only the watcher's polls, so
// it does not drop to 0 after a takeover nor leave out a till asking for itself. With no till
// watching the facts still come: the rate, the relay, and plainly that no till is watching.
import { describe, expect, it } from 'vitest'
import { RequestRate } from '../../../main/kernel/request-rate'
import { SHOP_REQUEST_BUDGET_PER_MIN, watchView } from '../../../main/shop/shop-watch'
import { WatchLease } from '../../../main/shop/watch-lease'

const SCOPE = 'demo|http://127.0.0.1:4010'

function lease(own: () => number, clock: { now: number }) {
  return new WatchLease({
    server: { host: '127.0.0.1', port: 5432, database: 'shop', ca: null } as never,
    login: { user: 'till', password: 'x' } as never,
    tillId: 'till-a',
    tillName: 'Front',
    scope: () => SCOPE,
    requestsPerMin: own,
    onHolderChange: () => undefined,
    onNudge: () => undefined,
    now: () => clock.now,
  })
}
const say = (message: Record<string, unknown>) => JSON.stringify({ scope: SCOPE, ...message })

describe("the shop's watch, as Settings → Shop shows it", () => {
  it("counts every till's gateway requests, not only the watcher's", () => {
    const clock = { now: 1_000_000 }
    const l = lease(() => 5, clock)
    // The watcher's heartbeat carries its till's own requests; the others say theirs.
    l.hear(say({ type: 'heartbeat', tillId: 'till-b', tillName: 'Back', requestsPerMin: 40 }))
    l.hear(say({ type: 'rate', tillId: 'till-c', tillName: 'Kiosk', requestsPerMin: 7 }))
    // Another gateway (a till's own Demo) is another budget.
    l.hear(
      JSON.stringify({ type: 'rate', tillId: 'till-d', scope: 'demo|other', requestsPerMin: 99 }),
    )
    // Nonsense is passed over.
    l.hear(say({ type: 'rate', tillId: 'till-e', requestsPerMin: -3 }))
    l.hear(say({ type: 'rate', tillId: 'till-f', requestsPerMin: 'many' }))
    expect(watchView(l)).toEqual({
      tillName: 'Back',
      thisTill: false,
      requestsPerMin: 52,
      budgetPerMin: SHOP_REQUEST_BUDGET_PER_MIN,
      relayHeardAt: null,
    })
    // The kiosk says its rate again: it replaces, never adds.
    l.hear(say({ type: 'rate', tillId: 'till-c', requestsPerMin: 9 }))
    expect(watchView(l)?.requestsPerMin).toBe(54)
  })

  it('says plainly that no till is watching, with the rate and the relay still shown', () => {
    const clock = { now: 1_000_000 }
    const l = lease(() => 12, clock)
    l.hear(say({ type: 'heartbeat', tillId: 'till-b', tillName: 'Back', requestsPerMin: 30 }))
    l.hear(JSON.stringify({ type: 'relay', accountReference: null }))
    // The watcher is gone (no heartbeat for seconds); what the tills said stays a while.
    clock.now += 5_000
    const view = watchView(l)
    expect(view).toEqual({
      tillName: null,
      thisTill: false,
      requestsPerMin: 42,
      budgetPerMin: SHOP_REQUEST_BUDGET_PER_MIN,
      relayHeardAt: new Date(1_000_000).toISOString(),
    })
    // A till long unheard is no longer in the shop's rate.
    clock.now += 60_000
    expect(watchView(l)?.requestsPerMin).toBe(12)
  })
})

describe("a till's own gateway request rate", () => {
  it('counts the requests of the last minute', () => {
    const clock = { now: 0 }
    const rate = new RequestRate(() => clock.now)
    for (let i = 0; i < 30; i++) {
      rate.tick()
      clock.now += 1_000
    }
    expect(rate.perMinute()).toBe(30)
    clock.now += 45_000
    expect(rate.perMinute()).toBe(15)
    clock.now += 60_000
    expect(rate.perMinute()).toBe(0)
  })
})
