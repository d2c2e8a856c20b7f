// A transfer and the charge it closes are one fact: a crash between writing the two must not
// leave a paid charge open forever (which would also refuse every new charge on the account).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openFileStore, type CollectionsStore } from '../../../main/collections/store'
import { FakeGateway, FakeScheduler, NGN } from './fakes'
import { actor, BACKGROUND, rig, WAITING } from './rig'

class Crash extends Error {}

/** The file store, until the process "dies" at the first write that closes a charge. */
function crashingOnClose(path: string): CollectionsStore {
  const real = openFileStore(path)
  let dead = false
  const guard = () => {
    if (dead) throw new Crash('the process is gone')
  }
  const store: CollectionsStore = {
    ...real,
    saveCharge(record) {
      guard()
      if (record.state === 'closed') {
        dead = true
        throw new Crash('killed between the transfer and the charge')
      }
      real.saveCharge(record)
    },
    saveTransfer(record) {
      guard()
      real.saveTransfer(record)
    },
  }
  if (real.saveBatch) {
    store.saveBatch = (records) => {
      guard()
      if (records.some((r) => r.k === 'charge' && r.v.state === 'closed')) {
        dead = true
        throw new Crash('killed before the write')
      }
      real.saveBatch!(records)
    }
  }
  return store
}

describe('a crash between recording a transfer and closing its charge', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'td-atomic-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('leaves no paid charge open after restart, and the account takes new charges', async () => {
    const path = join(dir, 'collections.jsonl')
    const clock = new FakeScheduler()
    const gateway = new FakeGateway(clock)
    gateway.addAccount('ACC-1')

    const first = rig({ store: crashingOnClose(path), clock, gateway })
    const c = await first.charges.open({ accountReference: 'ACC-1', amount: '5000' }, actor)
    first.charges.watch(c.id, true)
    gateway.pay('ACC-1', NGN(5_000))
    await clock.advance(WAITING)
    first.charges.watcher.stop()

    const second = rig({ store: openFileStore(path), clock, gateway })
    second.charges.start()
    await clock.advance(BACKGROUND)
    const view = second.charges.get(c.id)
    expect(view.reconciliation.status).toBe('paid')
    expect(view.state).toBe('closed')
    const next = await second.charges.open({ accountReference: 'ACC-1', amount: '100' }, actor)
    expect(next.state).toBe('open')
    second.charges.stop()
  })

  it('repairs a journal written by a build that crashed between the two lines', async () => {
    const path = join(dir, 'collections.jsonl')
    const clock = new FakeScheduler()
    const gateway = new FakeGateway(clock)
    const account = gateway.addAccount('ACC-1')
    const openedAt = new Date(clock.now() - 60_000).toISOString()
    const charge = {
      id: 'ch_repair0001',
      state: 'open',
      account: {
        accountReference: 'ACC-1',
        accountNumber: account.account_number,
        accountName: account.customer_name,
        bankName: account.bank_name,
        bankCode: account.bank_code,
        currency: 'NGN',
        customerEmail: account.customer_email,
        metadata: {},
        createdAt: null,
      },
      currency: 'NGN',
      amountDue: 500_000,
      saleReference: null,
      till: 'Till 1',
      openedBy: actor,
      openedAt,
      closedAt: null,
      overpayment: null,
      cancellation: null,
    }
    const seenAt = new Date(clock.now() - 30_000).toISOString()
    const transfer = {
      reference: 'TRF-9',
      accountReference: 'ACC-1',
      amount: 500_000,
      currency: 'NGN',
      status: 'success',
      narration: 'transfer',
      createdAt: seenAt,
      firstSeenAt: seenAt,
      chargeId: 'ch_repair0001',
      late: false,
      acknowledgement: null,
    }
    writeFileSync(
      path,
      `${JSON.stringify({ k: 'charge', v: charge })}\n${JSON.stringify({ k: 'transfer', v: transfer })}\n`,
    )
    const store = openFileStore(path)
    const { charges, updates } = rig({ store, clock, gateway })
    expect(charges.get('ch_repair0001')).toMatchObject({ state: 'closed', closedAt: seenAt })
    // The repair is written down, so it is not redone (or undone) on the next start.
    charges.stop()
    const again = openFileStore(path)
    expect(again.charges.find((x) => x.id === 'ch_repair0001')?.state).toBe('closed')
    again.close()
    expect(updates).toEqual([])
  })
})
