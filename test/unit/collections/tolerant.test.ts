// What the spec leaves open about virtual-account transactions: a transfer may be `processing`
// first and settle later, come in another currency than the account's, or carry a status the
// spec does not name. Only `success` in the charge's currency is money received; nothing is lost.
import { describe, expect, it } from 'vitest'
import type { VaTransaction } from '../../../common/api/virtualAccounts'
import { NGN } from './fakes'
import { actor, BACKGROUND, rig, WAITING } from './rig'

/** A gateway answer as the spec allows it, whatever our own schemas would accept. */
const loose = (tx: Record<string, unknown>) => tx as unknown as VaTransaction

describe('tolerant collections', () => {
  it('a processing transfer is pending, then counts when it settles', async () => {
    const { charges, gateway, clock, paid } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    const tx = gateway.pay('ACC-1', NGN(5_000), 'processing')
    await clock.advance(WAITING)
    expect(charges.get(c.id).reconciliation).toMatchObject({
      status: 'awaiting',
      pending: NGN(5_000),
      received: 0,
    })
    tx.status = 'success'
    await clock.advance(WAITING)
    expect(charges.get(c.id)).toMatchObject({ state: 'closed', reconciliation: { status: 'paid' } })
    expect(paid).toHaveLength(1)
  })

  it('a transfer in another currency is listed for review in words, never counted', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    const usd = gateway.pay('ACC-1', NGN(5_000))
    usd.currency = 'USD'
    const xof = gateway.pay('ACC-1', NGN(5_000))
    ;(xof as { currency: string }).currency = 'XOF' // not one Tilldesk supports
    await clock.advance(WAITING)
    const view = charges.get(c.id)
    expect(view.state).toBe('open')
    expect(view.reconciliation).toMatchObject({ status: 'awaiting', received: 0 })
    expect(view.reconciliation.otherCurrency).toEqual([usd.reference, xof.reference].sort())
    expect(view.transfers.map((t) => t.reference).sort()).toEqual(
      [usd.reference, xof.reference].sort(),
    )
    const review = view.reconciliation.needsReview.find((r) => r.reference === usd.reference)
    expect(review?.reason).toMatch(/USD.*NGN|NGN.*USD/)
    expect(review?.reason).toMatch(/not counted/i)
    expect(view.transfers.find((t) => t.reference === xof.reference)?.review).toMatch(/XOF/)
  })

  it('an unknown status passes through as unknown, in words, and is not counted', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    const odd = gateway.pay('ACC-1', NGN(5_000))
    ;(odd as { status: string }).status = 'reversal_pending'
    await clock.advance(WAITING)
    const view = charges.get(c.id)
    expect(view.reconciliation).toMatchObject({ status: 'awaiting', received: 0 })
    expect(view.reconciliation.unknown).toEqual([odd.reference])
    const t = view.transfers[0]!
    expect(t).toMatchObject({ status: 'unknown', gatewayStatus: 'reversal_pending' })
    expect(t.review).toMatch(/reversal_pending/)
    // It may still settle: a later `success` counts.
    odd.status = 'success'
    await clock.advance(WAITING)
    expect(charges.get(c.id).reconciliation.status).toBe('paid')
  })

  it('reads the client’s own unknown-status form (status unknown, raw_status the word)', async () => {
    const { charges, gateway, clock } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    const odd = gateway.pay('ACC-1', NGN(5_000))
    Object.assign(odd, { status: 'unknown', raw_status: 'on_hold' })
    await clock.advance(WAITING)
    expect(charges.get(c.id).transfers[0]).toMatchObject({
      status: 'unknown',
      gatewayStatus: 'on_hold',
    })
    expect(charges.get(c.id).reconciliation.received).toBe(0)
  })

  it('adds the items the client’s list reader skipped to the count', async () => {
    const { charges, gateway, clock, statuses } = rig()
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    const list = gateway.virtualAccounts.transactions
    gateway.virtualAccounts.transactions = async (q) => ({ ...(await list(q)), skipped: 3 })
    await clock.advance(WAITING)
    expect(statuses.at(-1)).toMatchObject({ online: true, skipped: 3 })
  })

  it('one malformed item never stops watching; it is logged, counted, and the rest are read', async () => {
    const warnings: Record<string, unknown>[] = []
    const { charges, gateway, clock, statuses } = rig({ warn: (_m, data) => warnings.push(data) })
    gateway.addAccount('ACC-1')
    const c = await charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    charges.watch(c.id, true)
    gateway.transfers.push(
      loose({
        reference: 'BROKEN-1',
        account_reference: 'ACC-1',
        amount: 'lots',
        currency: 'NGN',
        status: 'success',
        narration: 'x',
        created_at: new Date(clock.now()).toISOString(),
      }),
      loose({
        reference: 'BROKEN-2',
        account_reference: 'ACC-1',
        created_at: new Date(clock.now()).toISOString(),
      }),
    )
    const good = gateway.pay('ACC-1', NGN(5_000))
    await clock.advance(WAITING)
    expect(charges.get(c.id)).toMatchObject({ state: 'closed', reconciliation: { status: 'paid' } })
    expect(charges.get(c.id).transfers.map((t) => t.reference)).toEqual([good.reference])
    const last = statuses.at(-1)!
    expect(last.online).toBe(true)
    expect(last.skipped).toBe(2)
    expect(warnings[0]).toMatchObject({ skipped: 2, references: ['BROKEN-1', 'BROKEN-2'] })
    await clock.advance(BACKGROUND)
    expect(charges.status().online).toBe(true)
    expect(warnings.filter((w) => w.account === 'ACC-1')).toHaveLength(1) // logged once
  })
})
