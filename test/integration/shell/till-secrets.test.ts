// Issue 18, HIGH #1, as a cashier would try it: quit, move the data folder aside, put back a
// settings.json with no staff, no seals and the shop's real key id, and start Tilldesk. The
// first-run wizard makes the cashier an admin of a new till; that till must not sign a single
// request with the shop's secret (secrets belong to the till that stored them), and must say
// why. When the folder is put back, the original till works as before and tells its admin
// that another till was set up on the account meanwhile.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EnvironmentState, IntegrityFinding } from '../../../common/ipc'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { SECRETS_OWNERS_ACCOUNT } from '../../../main/keychain/till-secrets'
import { ADMIN_PIN, SHOP_KEY, tillRuns } from '../../support/till-runs'
import { MemoryKeychain } from '../../unit/shell/helpers'

const SECRET = SHOP_KEY.secret
const MALLORY_PIN = '13572468'

let root: string
let tillDir: string
let keychain: MemoryKeychain
let gateway: RunningSandbox
const till = tillRuns({ dir: () => tillDir, keychain: () => keychain })
const { sent, boot, call, quit } = till

const signedWithShopKey = () => sent.filter((request) => request.keyId === 'k_shop')

const adminId = (): string => {
  const raw = JSON.parse(readFileSync(join(tillDir, 'settings.json'), 'utf8')) as {
    users: Array<{ id: string; role: string }>
  }
  return raw.users.find((user) => user.role === 'admin')!.id
}

/** The shop's till: set up on the Sandbox gateway with the shop's key, and working. */
async function setUpOriginalTill(): Promise<void> {
  await boot()
  await till.setUpOnSandbox(gateway.url)
  await quit()
}

/** What the cashier does: folder aside, a fresh one with the real key id and no staff. */
function startAFreshTillFromTheKeyId(): void {
  renameSync(tillDir, `${tillDir}-aside`)
  mkdirSync(tillDir)
  writeFileSync(
    join(tillDir, 'settings.json'),
    JSON.stringify({
      schemaVersion: 2,
      environment: 'sandbox',
      baseUrls: { sandbox: gateway.url, live: null },
      keyIds: { demo: null, sandbox: 'k_shop', live: null },
      pollIntervals: { waitingMs: 1000, backgroundMs: 15000, outboxMs: 5000, healthMs: 15000 },
      tillName: 'Front',
      users: [],
      seals: null,
    }),
  )
}

function putTheFolderBack(): void {
  rmSync(tillDir, { recursive: true, force: true })
  renameSync(`${tillDir}-aside`, tillDir)
}

/** The cashier goes through the first-run wizard and adds a "supervisor". */
async function cashierBecomesAdmin(): Promise<void> {
  const session = await call<{ setupRequired: boolean }>('session.get')
  expect(session.value!.setupRequired).toBe(true)
  expect(
    (await call('session.setup', { tillName: 'Front', adminName: 'Mallory', pin: MALLORY_PIN }))
      .code,
  ).toBe('ok')
  expect(
    (await call('users.create', { name: 'Sup', role: 'supervisor', pin: '11223344' })).code,
  ).toBe('ok')
}

/**
 * The cashier's fresh till, set up and started again: it signs nothing with the shop's key,
 * and says why in Settings → Connection test.
 */
async function freshTillGetsNoSecret(): Promise<void> {
  startAFreshTillFromTheKeyId()
  sent.length = 0
  await boot()
  await cashierBecomesAdmin()
  await expectNoShopSecret()
  // A restart changes nothing: its settings are sealed now, but the secret is not its own.
  await boot()
  await call('session.signIn', { userId: adminId(), pin: MALLORY_PIN })
  await expectNoShopSecret()
}

/** The new till signs nothing with the shop's key, and says why in Settings → Connection. */
async function expectNoShopSecret(): Promise<void> {
  expect((await call('reports.transfersIn', {})).code).toBe('gateway_not_configured')
  const state = (await call<EnvironmentState>('environment.get')).value!
  expect(state.hasSecret).toBe(false)
  expect(state.notReady).toMatch(/Secrets are kept per till/)
  await call('environment.testConnection')
  expect(signedWithShopKey()).toEqual([])
}

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'tilldesk-till-secrets-'))
  tillDir = join(root, 'Tilldesk')
  keychain = new MemoryKeychain()
  sent.length = 0
  gateway = await startSandbox({ port: 0, keys: [SHOP_KEY] })
})

afterEach(async () => {
  await quit()
  await gateway.close()
  rmSync(root, { recursive: true, force: true })
})

describe('a second till on the same OS account', () => {
  it('never reaches the first till’s API secret through a key id in a file', async () => {
    await setUpOriginalTill()
    await freshTillGetsNoSecret()
    await quit()

    // The folder goes back: the original till works, and its admin hears about the other till.
    putTheFolderBack()
    sent.length = 0
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    expect((await call('reports.transfersIn', {})).code).toBe('ok')
    expect(signedWithShopKey().length).toBeGreaterThan(0)
    const findings = (await call<IntegrityFinding[]>('settings.integrity')).value!
    const notice = findings.find((finding) => finding.area === 'tills')
    expect(notice?.problem).toMatch(/Another Tilldesk till was set up in this computer account/)
    // Shown once to an admin; not repeated at the next start.
    await boot()
    await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })
    const later = (await call<IntegrityFinding[]>('settings.integrity')).value!
    expect(later.filter((finding) => finding.area === 'tills')).toEqual([])
  })

  it('moves a secret from before secrets were per till to its own till only', async () => {
    await setUpOriginalTill()
    // As the previous version left the keychain: the secret under the bare key id, and no
    // list of the tills from before the rule.
    const till = readFileSync(join(tillDir, 'till-id'), 'utf8').trim()
    const bound = `Tilldesk/sandbox|Tilldesk API secret ${till} k_shop`
    expect(keychain.entries.get(bound)).toBe(SECRET)
    keychain.entries.delete(bound)
    keychain.entries.set('Tilldesk/sandbox|k_shop', SECRET)
    keychain.entries.delete(`Tilldesk/till|${SECRETS_OWNERS_ACCOUNT}`)

    // The cashier's new till starts first after the upgrade: it may not claim the old entry.
    await freshTillGetsNoSecret()
    expect(keychain.entries.get('Tilldesk/sandbox|k_shop')).toBe(SECRET)
    await quit()

    // The till that owns it takes it, once, and the bare entry is gone.
    putTheFolderBack()
    await boot()
    expect(keychain.entries.get(bound)).toBe(SECRET)
    expect(keychain.entries.has('Tilldesk/sandbox|k_shop')).toBe(false)
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    expect((await call('reports.transfersIn', {})).code).toBe('ok')
  })
})
