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
// put back as the day left it.
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { AppError } from '../../main/app/errors'
import type { AppServices } from '../../main/app/services'
import { dataFileRule } from '../../main/integrity/data-folder'
import { KeytarKeychain, type Keychain, type KeychainScope } from '../../main/keychain/keychain'
import {
  caller,
  openTill,
  PINS,
  scriptedDay,
  type Ids,
  type RecordedRequest,
  type Who,
} from '../support/tamper-day'
import { MUTATIONS } from '../support/tamper-mutations'

/** Remembers every entry Tilldesk touched, so each case starts from the day's keychain. */
class RecordingKeychain implements Keychain {
  readonly touched = new Set<string>()
  constructor(private readonly inner: Keychain) {}
  status() {
    return this.inner.status()
  }
  get(scope: KeychainScope, account: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.inner.get(scope, account)
  }
  set(scope: KeychainScope, account: string, secret: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.inner.set(scope, account, secret)
  }
  delete(scope: KeychainScope, account: string) {
    this.touched.add(`${scope}\n${account}`)
    return this.inner.delete(scope, account)
  }
}

const real = new KeytarKeychain()
const keychain = new RecordingKeychain(real)
let skipReason: string | null = null
let root = ''
/** The folder at the end of the day, and at midday ("an older copy"). */
let day = ''
let midday = ''
let ids: Ids
let dayKeychain = new Map<string, string | null>()
let baseline = ''
let baselineStaff = ''
let openingMs = 0

const walk = (folder: string, at = folder): string[] =>
  readdirSync(at)
    .flatMap((name) => {
      const path = join(at, name)
      return statSync(path).isDirectory() ? walk(folder, path) : [relative(folder, path)]
    })
    .map((path) => path.split(sep).join('/'))
    .sort()

async function snapshotKeychain(): Promise<Map<string, string | null>> {
  const snapshot = new Map<string, string | null>()
  for (const key of keychain.touched) {
    const [scope, account] = key.split('\n') as [KeychainScope, string]
    snapshot.set(key, await real.get(scope, account))
  }
  return snapshot
}

async function restoreKeychain(): Promise<void> {
  for (const key of keychain.touched) {
    const [scope, account] = key.split('\n') as [KeychainScope, string]
    const value = dayKeychain.get(key) ?? null
    if (value === null) await real.delete(scope, account)
    else if ((await real.get(scope, account)) !== value) await real.set(scope, account, value)
  }
}

const ROLE_RANK = { cashier: 1, supervisor: 2, admin: 3 } as const
/** Roles and state at the end of the day (tunde was disabled after midday). */
const DAY_ROLES: Record<Who, keyof typeof ROLE_RANK> = {
  ada: 'admin',
  sade: 'supervisor',
  bola: 'cashier',
  tunde: 'cashier',
}

/** Leaves out what moves by itself between two starts (clocks, ports, staleness). */
const VOLATILE = /(^at$|At$|Ms$|^port$|^stale$|^url$|^checkedAt$|^lastCheck|^next)/
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      if (!VOLATILE.test(key)) out[key] = stable(inner)
    }
    return out
  }
  return value
}

/** What the admin sees of the till: staff, money, reports and settings. */
async function observe(services: AppServices): Promise<string> {
  const call = async (channel: string, input?: unknown) => {
    const envelope = await caller(() => services).call(channel, input)
    return envelope.ok ? stable(envelope.value) : { error: envelope.error.code }
  }
  const seen: Record<string, unknown> = {}
  for (const [channel, input] of [
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
  ] as const) {
    seen[channel] = await call(channel, input)
  }
  return JSON.stringify(seen, null, 1)
}

interface Outcome {
  /** What went wrong, in words; empty when the case holds. */
  problems: string[]
}

/** One case: a copy of the day's folder, `change` applied, the till started and checked. */
async function tryCase(
  label: string,
  rel: string,
  change: (dir: string) => boolean,
): Promise<Outcome | null> {
  await restoreKeychain()
  const dir = mkdtempSync(join(root, 'case-'))
  cpSync(day, dir, { recursive: true })
  const problems: string[] = []
  try {
    if (!change(dir)) return null
    const requests: RecordedRequest[] = []
    let services: AppServices
    try {
      services = await openTill(dir, keychain, requests)
    } catch (error) {
      // Refusing to start is no power gained; it must say why in words (the admin reads it).
      if (error instanceof AppError && error.message.length > 40) return { problems: [] }
      return { problems: [`${label}: the till did not start (${String(error)})`] }
    }
    const { code, value } = caller(() => services)
    try {
      // 1. Nothing gains power: each person signs in at most with the day's role; the
      //    disabled cashier and any profile nobody made do not sign in.
      const listed = await value<Array<{ id: string; name: string }>>('users.list').catch(() => [])
      const known = new Set(Object.values(ids))
      // Who may sign in, and as what, comes from the staff file alone; every profile is tried
      // when that file was changed (or the list of staff looks different), the admin always.
      const staffTouched =
        dataFileRule(rel)?.name === 'settings.json' ||
        JSON.stringify(stable(listed)) !== baselineStaff
      for (const user of staffTouched ? listed : []) {
        const who = (Object.keys(ids) as Who[]).find((name) => ids[name] === user.id)
        const pins = who ? [PINS[who]] : Object.values(PINS)
        for (const pin of pins) {
          if ((await code('session.signIn', { userId: user.id, pin })) !== 'ok') continue
          const role = (await value<{ user: { role: keyof typeof ROLE_RANK } }>('session.get')).user
            .role
          if (!known.has(user.id))
            problems.push(`${label}: a profile nobody made (${user.name}) signed in`)
          else if (who === 'tunde') problems.push(`${label}: the disabled cashier signed in`)
          else if (who && ROLE_RANK[role] > ROLE_RANK[DAY_ROLES[who]])
            problems.push(`${label}: ${user.name} signed in as ${role}`)
        }
      }
      // 2. Unchanged, or the admin is told.
      let findings: unknown[]
      let seen = ''
      if ((await code('session.signIn', { userId: ids.ada, pin: PINS.ada })) === 'ok') {
        seen = await observe(services)
        findings = await value<unknown[]>('settings.integrity')
      } else {
        // The admin can't sign in (the staff file is gone or untrusted): the till must say
        // why, in words, where the admin meets it (sign-in and set-up answer with it).
        findings = services.integrity.findings.list()
        seen = 'admin cannot sign in'
      }
      if (seen !== baseline && findings.length === 0) {
        problems.push(`${label}: the till changed and the admin was not told`)
      }
      // Nothing was sent, and nothing went anywhere but the configured gateway.
      const gateway = services.environment.baseUrl()
      for (const request of requests) {
        if (request.method !== 'GET') problems.push(`${label}: ${request.method} ${request.url}`)
        if (!gateway || !request.url.startsWith(gateway))
          problems.push(`${label}: a request to ${request.url}`)
      }
    } finally {
      await services.stop()
    }
    return { problems }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const requireKeychain = (context: TestContext) => {
  if (skipReason) context.skip(skipReason)
}

beforeAll(async () => {
  const status = await real.status()
  if (!status.available) {
    skipReason = `No Secret Service reachable: ${status.explanation}`
    console.warn(`[keychain] skipping: ${skipReason}`)
    return
  }
  root = mkdtempSync(join(tmpdir(), 'tilldesk-tamper-'))
  day = join(root, 'day')
  midday = join(root, 'midday')
  let services = await openTill(day, keychain)
  ids = await scriptedDay(
    () => services,
    async () => {
      await services.stop()
      cpSync(day, midday, { recursive: true })
      services = await openTill(day, keychain)
    },
  )
  await services.stop()
  dayKeychain = await snapshotKeychain()
  // The till as the day left it, started twice: what every case is compared with, and how
  // long a till with a full day's files takes to open.
  for (let run = 0; run < 2; run += 1) {
    await restoreKeychain()
    const copy = mkdtempSync(join(root, 'baseline-'))
    cpSync(day, copy, { recursive: true })
    const started = performance.now()
    const till = await openTill(copy, keychain)
    openingMs = performance.now() - started
    await caller(() => till).value('session.signIn', { userId: ids.ada, pin: PINS.ada })
    const seen = await observe(till)
    baselineStaff = JSON.stringify(stable(await caller(() => till).value('users.list')))
    await till.stop()
    rmSync(copy, { recursive: true, force: true })
    if (run === 1) expect(seen).toBe(baseline)
    baseline = seen
  }
  console.info(`[tamper] opening a till with a full day's files: ${openingMs.toFixed(0)} ms`)
}, 180_000)

afterAll(async () => {
  if (skipReason) return
  // The day's till leaves no entry behind in the keychain.
  for (const key of keychain.touched) {
    const [scope, account] = key.split('\n') as [KeychainScope, string]
    await real.delete(scope, account).catch(() => false)
  }
  if (root) rmSync(root, { recursive: true, force: true })
})

describe('the data folder after a day at the till', () => {
  it('every file in it is listed in the data folder rule', (context) => {
    requireKeychain(context)
    const unlisted = walk(day).filter((rel) => dataFileRule(rel) === null)
    expect(unlisted, 'files nobody listed in main/integrity/data-folder.ts').toEqual([])
    // The day wrote what the harness means to cover (so a rename does not empty the test).
    expect(walk(day)).toEqual(
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
        const problems: string[] = []
        const cases: string[] = []
        for (const rel of walk(day)) {
          const outcome = await tryCase(`${rel} ${mutation.name}`, rel, (dir) =>
            mutation.apply(dir, rel, midday),
          )
          if (outcome === null) continue
          cases.push(rel)
          problems.push(...outcome.problems)
        }
        // Every change applies at least to the staff file (the day changed it after midday).
        expect(cases).toContain('settings.json')
        expect(problems).toEqual([])
      },
    )
  }

  it('the whole folder copied to a new place without its till id: a new till gains nothing', async (context) => {
    requireKeychain(context)
    const outcome = await tryCase('folder copied without till-id', 'till-id', (dir) => {
      rmSync(join(dir, 'till-id'))
      return true
    })
    expect(outcome?.problems).toEqual([])
  })
})

// Defended by API secrets bound to the till that stored them (issue 18, HIGH #1).
describe('defended by secrets bound to one till', () => {
  it("a fresh data folder seeded with this till's settings (no staff, no seals, the same key ids) never signs with this till's key", async (context) => {
    requireKeychain(context)
    await restoreKeychain()
    const dir = mkdtempSync(join(root, 'second-'))
    const raw = JSON.parse(readFileSync(join(day, 'settings.json'), 'utf8')) as {
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
