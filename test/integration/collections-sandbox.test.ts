// Collections against the real sandbox, in process, through the real signed gateway client:
// the watcher, reconciliation and dedupe exactly as the app runs them, only with short
// intervals.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../sandbox'
import { createGatewayClient, type GatewayClient } from '../../main/gateway'
import { createCharges, type Charges } from '../../main/collections/charges'
import { createCustomers } from '../../main/collections/customers'
import { openFileStore } from '../../main/collections/store'
import { realScheduler } from '../../main/collections/watcher'
import { minor, type Minor } from '../../common/money'
import type { ChargeView, CollectionsStatus, CustomerAccount } from '../../common/ipc/collections'
import { waitFor as waitUntil } from '../support/async'

const actor = { id: 'u_cashier01', name: 'Bola' }
const naira = (n: number): Minor => minor(Math.round(n * 100))

let sandbox: RunningSandbox
let client: GatewayClient
let dir: string
let charges: Charges
const statuses: CollectionsStatus[] = []
const updates: ChargeView[] = []
let seq = 0

const waitFor = <T>(what: string, read: () => T | undefined | null | false, ms = 8_000) =>
  waitUntil(what, read, ms)

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  const key = sandbox.keys[0]!
  client = createGatewayClient({
    baseUrl: sandbox.url,
    keyId: key.key_id,
    secret: key.secret,
    timeoutMs: 2_000,
  })
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-int-'))
  charges = createCharges({
    store: openFileStore(join(dir, 'collections.jsonl')),
    gateway: () => client,
    account: async (ref) => (await customers.find('reference', ref)) as CustomerAccount,
    events: {
      chargeUpdated: (v) => updates.push(v),
      lateTransfer: () => undefined,
      status: (s) => statuses.push(s),
      paid: () => undefined,
    },
    scheduler: realScheduler,
    random: Math.random,
    intervals: () => ({ waitingMs: 100, backgroundMs: 1_000 }),
    tillName: () => 'Till 1',
    backoff: { baseMs: 100, maxMs: 400, maxRetryAfterMs: 2_000 },
  })
})

afterAll(async () => {
  charges?.stop()
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

const customers = {
  find: (by: 'reference' | 'email', value: string) =>
    createCustomers({ gateway: client, tillName: () => 'Till 1' }).find(by, value),
}

async function newCustomer(): Promise<CustomerAccount> {
  const c = createCustomers({
    gateway: client,
    tillName: () => 'Till 1',
    newReference: () => `INT-${process.pid}-${++seq}`,
  })
  return c.create({ name: 'Ada Obi', email: `ada${seq}@example.com`, bvn: '22212345678' }, actor)
}

async function openCharge(amount: string) {
  const account = await newCustomer()
  const charge = await charges.open({ accountReference: account.accountReference, amount }, actor)
  charges.watch(charge.id, true)
  return { account, charge }
}

const latest = (id: string) => updates.filter((u) => u.id === id).at(-1)

describe('collections against the sandbox', () => {
  it('creates an account, opens a charge, and turns paid when the transfer arrives', async () => {
    const { account, charge } = await openCharge('12,500.50')
    expect(account.accountNumber).toMatch(/^\d{10}$/)
    expect(charge.reconciliation).toMatchObject({ status: 'awaiting', amountDue: 1_250_050 })
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(12_500.5) })
    const paid = await waitFor('paid', () => {
      const v = latest(charge.id)
      return v?.reconciliation.status === 'paid' && v
    })
    expect(paid).toMatchObject({
      state: 'closed',
      reconciliation: { received: 1_250_050, balanceDue: 0 },
    })
  })

  it('part-pays, shows the balance, then the rest makes it paid', async () => {
    const { account, charge } = await openCharge('10000')
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(4_000) })
    const part = await waitFor('part-paid', () => {
      const v = latest(charge.id)
      return v?.reconciliation.status === 'part_paid' && v
    })
    expect(part).toMatchObject({ state: 'open', reconciliation: { balanceDue: naira(6_000) } })
    await client.sandbox.simulateTransfer(account.accountReference, {
      amount: naira(1),
      status: 'failed',
    })
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(6_000) })
    const paid = await waitFor('paid', () => {
      const v = latest(charge.id)
      return v?.reconciliation.status === 'paid' && v
    })
    expect(paid.reconciliation.counted).toHaveLength(2)
    expect(paid.reconciliation.failed).toHaveLength(1)
  })

  it('flags an overpayment for the cashier', async () => {
    const { account, charge } = await openCharge('5000')
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(5_250) })
    const over = await waitFor('overpaid', () => {
      const v = latest(charge.id)
      return v?.reconciliation.status === 'overpaid' && v
    })
    expect(over).toMatchObject({
      state: 'open',
      needsDecision: true,
      reconciliation: { overpaidBy: naira(250) },
    })
    const decided = charges.decideOverpayment(charge.id, 'refund', 'cash back', actor)
    expect(decided).toMatchObject({ state: 'closed', overpayment: { decision: 'refund' } })
  })

  it('goes offline during an outage, then catches up on what arrived meanwhile', async () => {
    const { account, charge } = await openCharge('3000')
    await waitFor('first poll', () => statuses.at(-1)?.online)
    sandbox.setFaults([
      { kind: '500', rate: 1, path_prefix: '/merchants/virtual-accounts/transactions' },
    ])
    await waitFor('offline', () => statuses.at(-1)?.online === false)
    expect(statuses.at(-1)?.offlineReason).toMatch(/HTTP 500/)
    // The customer pays while the till can't see the gateway.
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(1_000) })
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(2_000) })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(latest(charge.id)?.reconciliation.status ?? 'awaiting').toBe('awaiting')
    sandbox.setFaults([])
    const paid = await waitFor('caught up', () => {
      const v = latest(charge.id)
      return v?.reconciliation.status === 'paid' && v
    })
    expect(paid.reconciliation.received).toBe(naira(3_000))
    const back = await waitFor('online', () => {
      const s = statuses.at(-1)
      return s?.online && s
    })
    expect(back.caughtUp).toBe(2)
  })

  it('never counts a transfer twice across a restart', async () => {
    const { account, charge } = await openCharge('8000')
    await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(3_000) })
    await waitFor('part-paid', () => latest(charge.id)?.reconciliation.status === 'part_paid')
    charges.stop()
    const before = updates.length
    charges = createCharges({
      store: openFileStore(join(dir, 'collections.jsonl')),
      gateway: () => client,
      account: async (ref) => (await customers.find('reference', ref)) as CustomerAccount,
      events: {
        chargeUpdated: (v) => updates.push(v),
        lateTransfer: () => undefined,
        status: (s) => statuses.push(s),
        paid: () => undefined,
      },
      scheduler: realScheduler,
      random: Math.random,
      intervals: () => ({ waitingMs: 100, backgroundMs: 200 }),
      tillName: () => 'Till 1',
    })
    charges.start()
    await waitFor('a poll after restart', () => statuses.at(-1)?.lastSuccessAt)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(updates.length).toBe(before) // nothing re-announced
    expect(charges.get(charge.id).reconciliation).toMatchObject({
      received: naira(3_000),
      balanceDue: naira(5_000),
    })
  })

  describe('against a peer that disagrees with us (spec variations, one at a time)', () => {
    afterAll(() => sandbox.setVariants({}))

    it('a transfer that is processing first is pending, then counts when it settles', async () => {
      sandbox.setVariants({ va_processing_first: true })
      const { account, charge } = await openCharge('2000')
      await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(2_000) })
      const pending = await waitFor('pending', () => {
        const v = latest(charge.id)
        return v?.reconciliation.pending === naira(2_000) && v
      })
      expect(pending.reconciliation).toMatchObject({ status: 'awaiting', received: 0 })
      const paid = await waitFor('settled', () => {
        const v = latest(charge.id)
        return v?.reconciliation.status === 'paid' && v
      })
      expect(paid.state).toBe('closed')
    })

    it('a transfer in another currency is shown for review and never counted', async () => {
      sandbox.setVariants({ foreign_currency_transfers: true })
      const { account, charge } = await openCharge('2000')
      await client.sandbox.simulateTransfer(account.accountReference, { amount: naira(2_000) })
      const seen = await waitFor('seen', () => {
        const v = latest(charge.id)
        return v && v.transfers.length > 0 && v
      })
      expect(seen.state).toBe('open')
      expect(seen.reconciliation).toMatchObject({ status: 'awaiting', received: 0 })
      expect(seen.reconciliation.otherCurrency).toHaveLength(1)
      expect(seen.reconciliation.needsReview[0]?.reason).toMatch(/into a NGN account: not counted/)
      expect(statuses.at(-1)?.online).toBe(true)
    })

    it('a known e-mail gets the existing account, also when fields beyond the spec are missing', async () => {
      sandbox.setVariants({ missing_fields: true, extra_fields: true, va_status_boolean: true })
      const make = createCustomers({
        gateway: client,
        tillName: () => 'Till 1',
        newReference: () => `INT-${process.pid}-${++seq}`,
      })
      const email = `dup${process.pid}-${seq}@example.com`
      const first = await make.create({ name: 'Ada Obi', email, bvn: '22212345678' }, actor)
      // Another till (its own records empty) asks the gateway first.
      const other = createCustomers({
        gateway: client,
        tillName: () => 'Till 2',
        newReference: () => `INT-${process.pid}-${++seq}`,
      })
      const again = await other.create({ name: 'Ada Obi', email, bvn: '22212345678' }, actor)
      expect(again).toMatchObject({
        existing: true,
        matchedBy: 'email',
        accountReference: first.accountReference,
        accountNumber: first.accountNumber,
      })
    })
  })
})
