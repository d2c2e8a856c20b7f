// The data-folder tamper harness on a till in shop mode, against the real OS keychain and the
// throwaway PostgreSQL (test/support/postgres.ts). The scripted shop day: the front till (its
// folder under test) creates a shop and the back till joins; staff made on the front till are
// heard on the back; a cashier drafts a payout on the front till, the supervisor approves it
// from the back till and the front till sends it; the back till's admin disables a cashier
// and the front till applies it. Then every file under `shop/` the day left (sealed inbox,
// refused, own order, cursor, own signed log, and any copy set aside) is changed in every way
// of test/support/tamper-mutations.ts, the front till starts again against the same server,
// and the harness's assertions hold (test/support/tamper-harness.ts): nobody gains power, and
// the till is unchanged or the admin has a finding in words. The other files of the folder are
// the one-till harness's (data-folder.test.ts); this one walks the shop's.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import type { PayoutView } from '../../common/ipc/payouts'
import type { ShopApprovalView } from '../../common/ipc/shopApprovals'
import type { AppServices } from '../../main/compose/services'
import { dataFileRule } from '../../main/integrity/data-folder'
import { KeytarKeychain } from '../../main/keychain/keychain'
import { until } from '../support/async'
import {
  postgresSkipReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../support/postgres'
import { dispatcher, draftPayout, openShop, shareStaff, startServices } from '../support/services'
import { openTill } from '../support/tamper-day'
import {
  RecordingKeychain,
  takeBaseline,
  mutateEach,
  peopleOf,
  walk,
  type TamperDay,
} from '../support/tamper-harness'
import { MUTATIONS } from '../support/tamper-mutations'
import { MemoryKeychain } from '../unit/shell/helpers'

const PINS = { ada: '318642', ade: '864213', sade: '531864', bola: '4826', tunde: '6284' } as const

const keychain = new RecordingKeychain(new KeytarKeychain())
const postgresMissing = postgresSkipReason()
let skipReason: string | null = null
let root = ''
let server: ThrowawayPostgres | undefined
let harness: TamperDay

const requireShop = (context: TestContext) => {
  if (skipReason) context.skip(skipReason)
}

/** The shop day; returns each person's id. */
async function shopDay(
  day: string,
  back: string,
  midday: string,
  pg: ThrowawayPostgres,
): Promise<Record<keyof typeof PINS, string>> {
  let a: AppServices = await openTill(day, keychain)
  const b = await startServices(back, new MemoryKeychain())
  const front = dispatcher(() => a)
  const rear = dispatcher(() => b)
  try {
    const ids: Record<string, string> = {}
    const signIn = (till: typeof front, who: keyof typeof PINS) =>
      till.value('session.signIn', { userId: ids[who], pin: PINS[who] })
    await front.value('session.setup', { tillName: 'Front', adminName: 'Ada', pin: PINS.ada })
    await rear.value('session.setup', { tillName: 'Back', adminName: 'Ade', pin: PINS.ade })
    ids.ada = (await front.value<{ user: { id: string } }>('session.get')).user.id
    ids.ade = (await rear.value<{ user: { id: string } }>('session.get')).user.id
    await openShop(front, rear, pg)
    await signIn(front, 'ada')
    Object.assign(
      ids,
      await shareStaff(
        front,
        rear,
        [
          { name: 'Sade', role: 'supervisor', pin: PINS.sade },
          { name: 'Bola', role: 'cashier', pin: PINS.bola },
          { name: 'Tunde', role: 'cashier', pin: PINS.tunde },
        ],
        until,
      ),
    )
    await signIn(front, 'bola')
    const payout = await draftPayout<PayoutView>(front, '3000', 'Shop day')
    await front.value('session.signOut')
    await a.integrity.flushed()
    await a.stop()
    cpSync(day, midday, { recursive: true })
    a = await openTill(day, keychain)

    // After midday: a decision and a staff change from the back till, heard on the front.
    const item = await until('the payout waiting on the back till', async () => {
      await signIn(rear, 'sade')
      const list = await rear.value<ShopApprovalView[]>('shop.waitingPayouts')
      return list.find((w) => w.reference === payout.reference) ?? null
    })
    await rear.value('shop.decide', {
      tillId: item.tillId,
      reference: item.reference,
      bindingHash: item.bindingHash,
      decision: 'approved',
      pin: PINS.sade,
      reason: '',
    })
    await signIn(rear, 'ade')
    await rear.value('users.update', { id: ids.tunde, disabled: true })
    await until(
      'the payout sent and the cashier disabled on the front till',
      async () => {
        await signIn(front, 'ada')
        await front.value('payouts.retryNow')
        const items = (await front.value<{ items: PayoutView[] }>('payouts.list')).items
        const users = await front.value<Array<{ id: string; disabled: boolean }>>('users.list')
        return (
          items.find((p) => p.reference === payout.reference)?.state === 'success' &&
          users.find((u) => u.id === ids.tunde)?.disabled === true
        )
      },
      60_000,
    )
    await front.value('session.signOut')
    await a.integrity.flushed()
    return ids as Record<keyof typeof PINS, string>
  } finally {
    await a.stop()
    await b.stop()
  }
}

beforeAll(async () => {
  const status = await keychain.status()
  skipReason = status.available
    ? postgresMissing
    : `No Secret Service reachable: ${status.explanation}`
  if (skipReason) {
    console.warn(`[shop tamper] skipping: ${skipReason}`)
    return
  }
  root = mkdtempSync(join(tmpdir(), 'tilldesk-shop-tamper-'))
  server = await startThrowawayPostgres()
  const day = join(root, 'day')
  const midday = join(root, 'midday')
  const ids = await shopDay(day, join(root, 'back'), midday, server)
  await keychain.keepDay()
  const roles = {
    ada: 'admin',
    ade: 'admin',
    sade: 'supervisor',
    bola: 'cashier',
    tunde: 'cashier',
  } as const
  const people = peopleOf(ids, PINS, roles, 'tunde')
  harness = {
    keychain,
    root,
    day,
    midday,
    people,
    admin: 'ada',
    seen: [
      ['users.list', undefined],
      ['payouts.list', undefined],
      ['shop.audit', undefined],
      ['settings.get', undefined],
    ],
    baseline: '',
    baselineStaff: '',
  }
  expect((await takeBaseline(harness)).same).toBe(true)
}, 180_000)

afterAll(async () => {
  if (!skipReason) await keychain.clear()
  server?.destroy()
  if (root) rmSync(root, { recursive: true, force: true })
})

const shopFiles = () => walk(harness.day).filter((rel) => rel.startsWith('shop/'))

describe(`the shop's files after a day in shop mode${postgresMissing ? ` (skipped: ${postgresMissing})` : ''}`, () => {
  it('every file under shop/ is listed in the data folder rule', (context) => {
    requireShop(context)
    expect(shopFiles().filter((rel) => dataFileRule(rel) === null)).toEqual([])
    expect(shopFiles()).toEqual(
      expect.arrayContaining([
        'shop/config.json',
        'shop/inbox.jsonl',
        'shop/own-order.jsonl',
        'shop/refused.jsonl',
        'shop/log/cursor.json',
        'shop/log/events.jsonl',
      ]),
    )
  })

  for (const mutation of MUTATIONS) {
    it(
      `each shop file ${mutation.name}: nothing gains power, and the till is unchanged or the admin is told`,
      { timeout: 120_000 },
      async (context) => {
        requireShop(context)
        const { cases, problems } = await mutateEach(harness, shopFiles(), mutation)
        // Every change applies at least to the inbox (the back till's events came after midday).
        expect(cases).toContain('shop/inbox.jsonl')
        expect(problems).toEqual([])
      },
    )
  }
})
