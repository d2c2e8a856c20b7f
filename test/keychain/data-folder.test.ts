// The data-folder tamper harness, against the real OS keychain (Secret Service). After a
// scripted day at one till (test/support/tamper-day.ts) it walks EVERY file the day left in
// the data folder, so a file added later is picked up by itself: each must be listed in the
// data folder's rule (main/integrity/data-folder.ts), and each is changed in every way a
// cashier can with file operations alone (test/support/tamper-mutations.ts). After each
// change the till starts again and two things must hold:
//   1. nothing gains power: no profile signs in that should not (a disabled one, a hand-made
//      or edited one, or with a higher role than the day left it), nothing is sent (no
//      request other than a read), and no request goes to a host other than the configured
//      gateway;
//   2. either the till behaves exactly as before (what the admin, cashier and supervisor see
//      is unchanged), or the admin has a finding in words (settings.integrity).
// One day is scripted once; every case starts from a copy of its folder, with the keychain
// put back as the day left it (test/support/tamper-harness.ts). The shop's files are walked
// by the shop day (shop-folder.test.ts).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { dataFileRule } from '../../main/integrity/data-folder'
import { KeytarKeychain } from '../../main/keychain/keychain'
import {
  caller,
  openTill,
  PINS,
  scriptedDay,
  type RecordedRequest,
  type Who,
} from '../support/tamper-day'
import {
  RecordingKeychain,
  takeBaseline,
  mutateEach,
  peopleOf,
  tryCase,
  walk,
  type TamperDay,
} from '../support/tamper-harness'
import { MUTATIONS } from '../support/tamper-mutations'

const keychain = new RecordingKeychain(new KeytarKeychain())
let skipReason: string | null = null
let root = ''
let harness: TamperDay

/** Roles and state at the end of the day (tunde was disabled after midday). */
const DAY_ROLES = { ada: 'admin', sade: 'supervisor', bola: 'cashier', tunde: 'cashier' } as const

const requireKeychain = (context: TestContext) => {
  if (skipReason) context.skip(skipReason)
}

beforeAll(async () => {
  const status = await keychain.status()
  if (!status.available) {
    skipReason = `No Secret Service reachable: ${status.explanation}`
    console.warn(`[keychain] skipping: ${skipReason}`)
    return
  }
  root = mkdtempSync(join(tmpdir(), 'tilldesk-tamper-'))
  const day = join(root, 'day')
  const midday = join(root, 'midday')
  let services = await openTill(day, keychain)
  const ids = await scriptedDay(
    () => services,
    async () => {
      await services.stop()
      cpSync(day, midday, { recursive: true })
      services = await openTill(day, keychain)
    },
  )
  await services.stop()
  await keychain.keepDay()
  const people = peopleOf<Who>(ids, PINS, DAY_ROLES, 'tunde')
  harness = {
    keychain,
    root,
    day,
    midday,
    people,
    admin: 'ada',
    seen: [
      ['users.list', undefined],
      ['payouts.policy', undefined],
      ['payouts.list', undefined],
      ['charge.list', { scope: 'recent' }],
      ['customer.search', { query: 'Day' }],
      ['payments.recent', undefined],
      ['refunds.unsettled', undefined],
      ['mandates.list', undefined],
      ['shifts.zReports', undefined],
      ['shifts.status', undefined],
      ['updates.status', undefined],
      ['app.crashReporting', undefined],
      ['settings.get', undefined],
    ],
    baseline: '',
    baselineStaff: '',
  }
  // The till as the day left it, started twice: what every case is compared with, and how
  // long a till with a full day's files takes to open.
  const { openingMs, same } = await takeBaseline(harness)
  expect(same).toBe(true)
  console.info(`[tamper] opening a till with a full day's files: ${openingMs.toFixed(0)} ms`)
}, 180_000)

afterAll(async () => {
  if (skipReason) return
  // The day's till leaves no entry behind in the keychain.
  await keychain.clear()
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('the data folder after a day at the till', () => {
  it('every file in it is listed in the data folder rule', (context) => {
    requireKeychain(context)
    const unlisted = walk(harness.day).filter((rel) => dataFileRule(rel) === null)
    expect(unlisted, 'files nobody listed in main/integrity/data-folder.ts').toEqual([])
    // The day wrote what the harness means to cover (so a rename does not empty the test).
    expect(walk(harness.day)).toEqual(
      expect.arrayContaining([
        'settings.json',
        'payouts/policy.json',
        'payouts/demo/outbox/journal.jsonl',
        'collections-demo.jsonl',
        'gateway/demo/refunds.json',
        'shifts/demo/z/z-000001.json',
        'updates.json',
        'crash-reporting.json',
      ]),
    )
  })

  for (const mutation of MUTATIONS) {
    it(
      `each file ${mutation.name}: nothing gains power, and the till is unchanged or the admin is told`,
      {
        timeout: 120_000,
      },
      async (context) => {
        requireKeychain(context)
        const { cases, problems } = await mutateEach(harness, walk(harness.day), mutation)
        // Every change applies at least to the staff file (the day changed it after midday).
        expect(cases).toContain('settings.json')
        expect(problems).toEqual([])
      },
    )
  }

  it('the whole folder copied to a new place without its till id: a new till gains nothing', async (context) => {
    requireKeychain(context)
    const outcome = await tryCase(harness, 'folder copied without till-id', 'till-id', (dir) => {
      rmSync(join(dir, 'till-id'))
      return true
    })
    expect(outcome).toEqual([])
  })
})

// Defended by API secrets bound to the till that stored them (issue 18, HIGH #1).
describe('defended by secrets bound to one till', () => {
  it("a fresh data folder seeded with this till's settings (no staff, no seals, the same key ids) never signs with this till's key", async (context) => {
    requireKeychain(context)
    await keychain.restoreDay()
    const dir = mkdtempSync(join(root, 'second-'))
    const raw = JSON.parse(readFileSync(join(harness.day, 'settings.json'), 'utf8')) as {
      keyIds: Record<string, string | null>
    }
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...raw, users: [], seals: null }))
    const requests: RecordedRequest[] = []
    const till = await openTill(dir, keychain, requests)
    try {
      const { code } = caller(() => till)
      const setup = await code('session.setup', {
        tillName: 'Second',
        adminName: 'Eve',
        pin: '111111',
      })
      if (setup === 'ok')
        await code('customer.create', {
          name: 'Eve Two',
          email: 'eve2@example.com',
          bvn: '22212345670',
        })
      const dayKey = raw.keyIds.demo
      expect(requests.filter((r) => r.keyId !== null && r.keyId === dayKey)).toEqual([])
    } finally {
      await till.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
