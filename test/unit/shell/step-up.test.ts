// Through the real composition root and IPC guard: a locked session acts for nobody, and keys,
// base URLs and staff change only with a PIN entered in the last few minutes (step-up).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../main/kernel/log'
import { createServices, type AppServices } from '../../../main/compose/services'
import type { SenderInfo } from '../../../main/ipc/handlers'
import { PIN_FRESH_MS } from '../../../main/session/session'
import { needsStepUp } from '../../../main/session/step-up'
import { confBackend } from '../../../main/settings/conf-backend'
import { MemoryKeychain } from './helpers'

const sender: SenderInfo = { transport: 'test', url: 'test://till' }
let dir: string
let services: AppServices
let clock = Date.parse('2026-03-02T09:00:00Z')

const call = async (channel: string, input?: unknown, from: SenderInfo = sender) => {
  const envelope = await services.dispatcher.dispatch(from, channel, input)
  return envelope.ok ? 'ok' : envelope.error.code
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-stepup-'))
  services = await createServices({
    settingsBackend: confBackend(dir),
    keychain: new MemoryKeychain(),
    fetch: globalThis.fetch,
    dataDir: dir,
    log: silentLogger,
    now: () => clock,
    isTrustedSender: (candidate) => candidate.transport === 'test',
    modules: [],
  })
  const setup = await services.dispatcher.dispatch(sender, 'session.setup', {
    tillName: 'Front',
    adminName: 'Ada',
    pin: '24681357',
  })
  expect(setup.ok).toBe(true)
})

afterEach(async () => {
  await services.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('step-up before sensitive changes', () => {
  it('accepts a change right after the PIN was entered, refuses it once that is stale', async () => {
    expect(await call('users.create', { name: 'Cal', role: 'cashier', pin: '1357' })).toBe('ok')
    clock += PIN_FRESH_MS
    expect(await call('users.create', { name: 'Bea', role: 'cashier', pin: '1357' })).toBe(
      'step_up_required',
    )
    expect(
      await call('settings.setKey', {
        environment: 'sandbox',
        keyId: 'key_1',
        secret: 'x'.repeat(32),
      }),
    ).toBe('step_up_required')
    expect(await call('settings.removeKey', { environment: 'sandbox' })).toBe('step_up_required')
    expect(
      await call('settings.update', { baseUrls: { sandbox: 'https://sandbox.gateway.example' } }),
    ).toBe('step_up_required')
    // Everyday settings need no step-up.
    expect(await call('settings.update', { tillName: 'Back', baseUrls: {} })).toBe('ok')
    // Nothing was created while stale.
    expect(services.users.list().map((user) => user.name)).toEqual(['Ada', 'Cal'])
  })

  it('takes the PIN again through session.stepUp, and only the right one', async () => {
    clock += PIN_FRESH_MS + 1
    expect(await call('session.stepUp', { pin: '11112222' })).toBe('wrong_pin')
    expect(await call('users.create', { name: 'Bea', role: 'cashier', pin: '1357' })).toBe(
      'step_up_required',
    )
    expect(await call('session.stepUp', { pin: '24681357' })).toBe('ok')
    expect(services.session.state().pinFreshUntil).toBe(
      new Date(clock + PIN_FRESH_MS).toISOString(),
    )
    expect(await call('users.create', { name: 'Bea', role: 'cashier', pin: '1357' })).toBe('ok')
  })

  it('names exactly the changes to keys, base URLs, staff and the other authority settings', () => {
    for (const channel of [
      'settings.setKey',
      'settings.removeKey',
      'users.create',
      'users.update',
      'users.setPin',
      'users.unlock',
      'users.remove',
      'payouts.updatePolicy',
      'environment.switch',
      'updates.configure',
      'app.setCrashReporting',
      'receipt.saveSettings',
      'shifts.updateSettings',
      'settings.confirmAuthority',
    ])
      expect(needsStepUp(channel, {}), channel).toBe(true)
    for (const channel of [
      'settings.get',
      'settings.authority',
      'users.list',
      'users.changeOwnPin',
      'session.signOut',
      'appearance.set',
    ])
      expect(needsStepUp(channel, {}), channel).toBe(false)
    expect(needsStepUp('settings.update', { tillName: 'x' })).toBe(false)
    expect(needsStepUp('settings.update', { baseUrls: { live: 'https://a.example' } })).toBe(true)
    expect(
      needsStepUp(
        'settings.update',
        { baseUrls: { live: 'https://a.example' } },
        { live: 'https://a.example' },
      ),
    ).toBe(false)
  })
})

describe('a locked session', () => {
  it('refuses every non-public call until the owner’s PIN unlocks it', async () => {
    services.session.lock('idle', clock + 60_000)
    expect(await call('settings.get')).toBe('session_locked')
    expect(await call('users.create', { name: 'Bea', role: 'cashier', pin: '1357' })).toBe(
      'session_locked',
    )
    expect(await call('session.get')).toBe('ok')
    expect(await call('session.unlock', { pin: '99990000' })).toBe('wrong_pin')
    expect(await call('session.unlock', { pin: '24681357' })).toBe('ok')
    expect(await call('settings.get')).toBe('ok')
  })
})

describe('the customer display window', () => {
  const display: SenderInfo = { ...sender, window: 'customer-display' }

  it('may read what it shows, and nothing else', async () => {
    expect(await call('session.get', undefined, display)).toBe('forbidden_sender')
    expect(await call('settings.get', undefined, display)).toBe('forbidden_sender')
    expect(await call('session.signOut', undefined, display)).toBe('forbidden_sender')
    expect(await call('customerDisplay.show', { chargeId: null }, display)).toBe('forbidden_sender')
    // With no collections module registered the channel is known but unimplemented: the
    // guard let it through.
    expect(await call('customerDisplay.get', undefined, display)).toBe('not_implemented')
  })

  it('refuses a window main did not create as one of ours', async () => {
    const stranger: SenderInfo = { ...sender, window: 'unknown' }
    expect(await call('session.get', undefined, stranger)).toBe('forbidden_sender')
    expect(await call('customerDisplay.get', undefined, stranger)).toBe('forbidden_sender')
  })
})
