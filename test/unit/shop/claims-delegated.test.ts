// When a till leaves the looking to the shop's watcher (main/shop/claims.ts, delegated): only
// while the watcher can know this till's open claims. A claim that has not reached the shop's
// server (the till is not confirmed by the shop yet, or its pushes fail) is invisible to the
// watcher, so after a short grace this till looks for its own money again.
import { describe, expect, it } from 'vitest'
import { ShopClaims, UNPLACED_CLAIM_GRACE_MS, CLAIMED } from '../../../main/shop/claims'
import type { ClaimsShop } from '../../../main/shop/claims'
import type { ShopEvent } from '../../../main/shop/events'

function fakeShop() {
  const own: ShopEvent[] = []
  const placed = new Map<string, number>()
  const shop: ClaimsShop = {
    status: () => ({ mode: 'shop', tillId: 'front-aaaaaa', tillName: 'Front', sync: 'online' }),
    record: async (kind, body) => {
      own.push({
        eventId: `e${own.length + 1}`,
        tillId: 'front-aaaaaa',
        tillSeq: own.length + 1,
        kind,
        body,
        createdAt: new Date(0).toISOString(),
        signature: '',
      })
    },
    ownEvents: () => [...own],
    inbox: () => [],
    ownServerSeq: (eventId) => placed.get(eventId) ?? null,
    syncNow: async () => undefined,
    onPulled: () => () => undefined,
  }
  return { shop, own, placed }
}

describe("a till leaves the looking to the shop's watcher", () => {
  it('only while its open claims are on the shop server, after a short grace', async () => {
    const { shop, own, placed } = fakeShop()
    let now = 1_000_000
    const claims = new ShopClaims({
      shop,
      environment: () => 'demo|http://gateway',
      skewMs: 0,
      now: () => now,
    })
    claims.attachWatch({ delegated: () => true, nudge: () => undefined })
    expect(claims.delegated()).toBe(true)
    claims.opened({ id: 'c1', accountReference: 'TD-1', openedAt: new Date(now).toISOString() })
    await Promise.resolve()
    expect(own.map((e) => e.kind)).toEqual([CLAIMED])
    // Just made: on its way to the server.
    expect(claims.delegated()).toBe(true)
    // Still not on the server after the grace: the watcher can't know it, this till looks.
    now += UNPLACED_CLAIM_GRACE_MS + 1
    expect(claims.delegated()).toBe(false)
    // On the server: the watcher covers it again.
    placed.set(own[0]!.eventId, 42)
    expect(claims.delegated()).toBe(true)
  })

  it('an ended claim never keeps a till looking for itself', async () => {
    const { shop } = fakeShop()
    let now = 1_000_000
    const claims = new ShopClaims({ shop, environment: () => 'demo|x', skewMs: 0, now: () => now })
    claims.attachWatch({ delegated: () => true, nudge: () => undefined })
    claims.opened({ id: 'c1', accountReference: 'TD-1', openedAt: new Date(now).toISOString() })
    claims.ended({ id: 'c1', accountReference: 'TD-1' }, new Date(now + 10).toISOString())
    now += UNPLACED_CLAIM_GRACE_MS + 1
    expect(claims.delegated()).toBe(true)
  })
})
