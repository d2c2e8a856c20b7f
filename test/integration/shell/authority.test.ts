// Issue 18, HIGH #3, as a cashier would try it: quit, edit the gateway base URL in the
// settings file, start the till again. Nothing may then go to that host (collections,
// payments, refunds, reports… all get their client in one place), and an admin saving an
// unrelated section must not re-seal the edit. Only "Confirm these settings", with a fresh
// PIN, after being shown what changed, lets calls go again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AuthorityReview, EnvironmentState } from '../../../common/ipc'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import { PIN_FRESH_MS } from '../../../main/session/session'
import { TRUSTED_COPY_FILE } from '../../../main/settings/authority'
import { ADMIN_PIN, SHOP_KEY, tillRuns } from '../../support/till-runs'
import { MemoryKeychain } from '../../unit/shell/helpers'

let dir: string
let keychain: MemoryKeychain
let real: RunningSandbox
let other: RunningSandbox
let clock = Date.parse('2026-03-02T09:00:00Z')
const till = tillRuns({ dir: () => dir, keychain: () => keychain, now: () => clock })
const { sent, boot, call, quit } = till

const settingsFile = () => join(dir, 'settings.json')
type RawFile = { baseUrls: { sandbox: string | null } }
const editSettings = (change: (raw: RawFile) => void) => {
  const raw = JSON.parse(readFileSync(settingsFile(), 'utf8')) as RawFile
  change(raw)
  writeFileSync(settingsFile(), JSON.stringify(raw, null, 2))
}
const signedTo = (origin: string) =>
  sent.filter((request) => request.url.startsWith(origin) && request.keyId !== null)
const reachedHost = (origin: string) => sent.filter((request) => request.url.startsWith(origin))

/** Day one: the admin sets the till up on the shop's Sandbox gateway, and it works. */
async function setUpTill(): Promise<string> {
  await boot()
  await till.setUpOnSandbox(real.url)
  const cashier = await till.must<{ id: string }>('users.create', {
    name: 'Cal',
    role: 'cashier',
    pin: '1357',
  })
  expect(signedTo(real.url).length).toBeGreaterThan(0)
  await quit()
  return cashier.id
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-authority-'))
  keychain = new MemoryKeychain()
  sent.length = 0
  real = await startSandbox({ port: 0, keys: [SHOP_KEY] })
  other = await startSandbox({ port: 0 })
})

afterEach(async () => {
  await quit()
  await real.close()
  await other.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a hand-edited base URL', () => {
  it('stops every gateway call until an admin confirms it with a fresh PIN', async () => {
    await setUpTill()
    editSettings((raw) => void (raw.baseUrls.sandbox = other.url))
    sent.length = 0
    await boot()

    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    // Reports, the connection test and the status bar's health check: nothing leaves.
    const report = await call('reports.transfersIn', {})
    expect(report.code).toBe('integrity_failed')
    expect(report.message).toMatch(/Nothing is sent to the Sandbox gateway/)
    const state = (await call<EnvironmentState>('environment.get')).value!
    expect(state.notReady).toMatch(/confirm the settings with their PIN/)
    await call('environment.testConnection')
    await till.services().connectivity.check()
    expect(reachedHost(other.url)).toEqual([])

    // Saving another section (the till's name) does not confirm the edited URL…
    expect((await call('settings.update', { tillName: 'Front counter' })).code).toBe('ok')
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    expect((await call('reports.transfersIn', {})).code).toBe('integrity_failed')
    expect(reachedHost(other.url)).toEqual([])

    // …the admin is shown what changed, against the last trusted copy…
    const review = (await call<AuthorityReview>('settings.authority')).value!
    expect(review.problem).not.toBeNull()
    expect(review.stored.baseUrls.sandbox).toBe(other.url)
    expect(review.trusted?.baseUrls.sandbox).toBe(real.url)
    expect(review.trustedUnknown).toBeNull()

    // …and confirming needs a fresh PIN, and the values that were shown.
    clock += PIN_FRESH_MS + 1
    expect(
      (await call('settings.confirmAuthority', { fingerprint: review.fingerprint })).code,
    ).toBe('step_up_required')
    expect((await call('session.stepUp', { pin: ADMIN_PIN })).code).toBe('ok')
    expect((await call('settings.confirmAuthority', { fingerprint: 'f'.repeat(64) })).code).toBe(
      'authority_changed',
    )
    const confirmed = await call<AuthorityReview>('settings.confirmAuthority', {
      fingerprint: review.fingerprint,
    })
    expect(confirmed.code).toBe('ok')
    expect(confirmed.value!.problem).toBeNull()
    // Confirmed by an admin: the till now uses the address the admin accepted.
    expect((await call('reports.transfersIn', {})).code).not.toBe('integrity_failed')
    expect(reachedHost(other.url).length).toBeGreaterThan(0)
  })

  it('never uses a URL the IPC rule refuses, even once confirmed', async () => {
    await setUpTill()
    editSettings((raw) => void (raw.baseUrls.sandbox = 'http://collect.example.net'))
    sent.length = 0
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    const review = (await call<AuthorityReview>('settings.authority')).value!
    expect(
      (await call('settings.confirmAuthority', { fingerprint: review.fingerprint })).code,
    ).toBe('ok')
    const state = (await call<EnvironmentState>('environment.get')).value!
    expect(state.baseUrl).toBeNull()
    expect(state.notReady).toMatch(/not one Tilldesk may use/)
    expect((await call('reports.transfersIn', {})).code).toBe('gateway_not_configured')
    await till.services().connectivity.check()
    expect(reachedHost('http://collect.example.net')).toEqual([])
  })

  it('says when the last trusted values cannot be shown', async () => {
    await setUpTill()
    editSettings((raw) => void (raw.baseUrls.sandbox = other.url))
    const copy = join(dir, TRUSTED_COPY_FILE)
    const text = readFileSync(copy, 'utf8')
    writeFileSync(copy, text.replace(real.url, other.url))
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    const review = (await call<AuthorityReview>('settings.authority')).value!
    expect(review.trusted).toBeNull()
    expect(review.trustedUnknown).toMatch(/changed, replaced or damaged/)
  })
})

describe('the copy of the last trusted settings', () => {
  it('an older copy put back is not shown as the last trusted state', async () => {
    await setUpTill()
    const copy = join(dir, TRUSTED_COPY_FILE)
    const older = readFileSync(copy)
    // The admin renames the till: the trusted values, and their copy, move on.
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    expect((await call('settings.update', { tillName: 'Back office' })).code).toBe('ok')
    await quit()
    expect(readFileSync(copy)).not.toEqual(older)
    // The cashier puts the older (well-sealed) copy back and edits the base URL.
    writeFileSync(copy, older)
    editSettings((raw) => void (raw.baseUrls.sandbox = other.url))
    await boot()
    expect((await call('session.signIn', { userId: adminId(), pin: ADMIN_PIN })).code).toBe('ok')
    const review = (await call<AuthorityReview>('settings.authority')).value!
    expect(review.problem).not.toBeNull()
    expect(review.trusted).toBeNull()
    expect(review.trustedUnknown).toMatch(/older copy/)
    // Keyed for a French Settings: the problem read back, the copy's why without its detail.
    expect(review.problemSay?.key).toMatch(/^settings\.trust\./)
    expect(review.trustedUnknownSay).toEqual({
      key: 'settings.trust.copyDamaged',
      params: { file: TRUSTED_COPY_FILE },
    })
  })
})

function adminId(): string {
  const raw = JSON.parse(readFileSync(settingsFile(), 'utf8')) as {
    users: Array<{ id: string; role: string }>
  }
  return raw.users.find((user) => user.role === 'admin')!.id
}
