// Environments, keys and the connection test against the real sandbox (sandbox/).
import { afterEach, describe, expect, it } from 'vitest'
import { startSandbox, type KeyConfigInput } from '../../../sandbox'
import { AppError } from '../../../main/kernel/errors'
import { EventBus } from '../../../main/kernel/events'
import { silentLogger } from '../../../main/kernel/log'
import { testConnection } from '../../../main/environment/connection-test'
import { startEmbeddedSandbox } from '../../../main/environment/demo'
import { EnvironmentService } from '../../../main/environment/environment'
import { SettingsStore } from '../../../main/settings/store'
import { MemoryKeychain, memoryBackend } from '../../unit/shell/helpers'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function makeEnvironment(keychain = new MemoryKeychain()) {
  const backend = memoryBackend()
  const settings = new SettingsStore(backend)
  const events: string[] = []
  const bus = new EventBus()
  bus.subscribe((name) => events.push(name))
  const environment = new EnvironmentService({
    settings,
    keychain,
    emit: bus.emit,
    log: silentLogger,
    fetch: globalThis.fetch,
    startDemo: startEmbeddedSandbox,
    dataDir: null,
    timeoutMs: 5_000,
  })
  cleanups.push(() => environment.stop())
  return { environment, settings, backend, keychain, events }
}

async function sandboxWith(keys: KeyConfigInput[]) {
  const sandbox = await startSandbox({ port: 0, keys })
  cleanups.push(() => sandbox.close())
  return sandbox
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  )

describe('Demo environment', () => {
  it('starts the embedded sandbox with a generated key kept in the keychain, and passes the connection test', async () => {
    const { environment, keychain, settings } = makeEnvironment()
    await environment.start()
    const state = await environment.state()
    expect(state).toMatchObject({
      environment: 'demo',
      hasSecret: true,
      secretStorage: 'keychain',
      notReady: null,
    })
    expect(state.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(settings.get().keyIds.demo).toBe(state.keyId)
    expect(keychain.entries.get(`Tilldesk/demo|${state.keyId}`)).toMatch(/^[a-f0-9]{64}$/)

    const report = await testConnection({ environment })
    expect(report.ok).toBe(true)
    expect(report.checks.map((check) => [check.id, check.status])).toEqual([
      ['configuration', 'pass'],
      ['reachable', 'pass'],
      ['signed', 'pass'],
      ['capabilities', 'pass'],
      ['clock', 'pass'],
    ])
    expect(report.capabilities.map((c) => c.state)).toEqual(Array(8).fill('granted'))
    expect(Math.abs(report.clockSkewSeconds ?? 99)).toBeLessThanOrEqual(2)
  })

  it('reuses the stored demo key on the next start', async () => {
    const keychain = new MemoryKeychain()
    const first = makeEnvironment(keychain)
    await first.environment.start()
    const keyId = (await first.environment.state()).keyId
    await first.environment.stop()
    const second = new EnvironmentService({
      settings: first.settings,
      keychain,
      emit: () => undefined,
      log: silentLogger,
      fetch: globalThis.fetch,
      startDemo: startEmbeddedSandbox,
      dataDir: null,
    })
    cleanups.push(() => second.stop())
    await second.start()
    expect((await second.state()).keyId).toBe(keyId)
  })

  it('keeps the demo key in memory only when there is no keychain, and says so', async () => {
    const keychain = new MemoryKeychain()
    keychain.available = false
    const { environment, settings } = makeEnvironment(keychain)
    await environment.start()
    const state = await environment.state()
    expect(state).toMatchObject({ secretStorage: 'memory', hasSecret: true, notReady: null })
    expect(state.keychain.available).toBe(false)
    expect(settings.get().keyIds.demo).toBeNull()
    expect((await testConnection({ environment })).ok).toBe(true)
  })
})

describe('Sandbox and Live keys', () => {
  it('stores the secret only in the keychain, replaces and removes it', async () => {
    const { environment, keychain, backend, settings } = makeEnvironment()
    await environment.switchTo('sandbox')
    const secret = 'sk_test_0123456789abcdef0123456789'
    await environment.setKey('sandbox', 'key_one', secret)
    expect(keychain.entries.get('Tilldesk/sandbox|key_one')).toBe(secret)
    expect(settings.get().keyIds.sandbox).toBe('key_one')
    expect(JSON.stringify(backend.raw())).not.toContain(secret)
    expect(JSON.stringify(await environment.state())).not.toContain(secret)

    await environment.setKey('sandbox', 'key_two', 'sk_test_another_secret_value_1')
    expect(keychain.entries.has('Tilldesk/sandbox|key_one')).toBe(false)
    expect(settings.get().keyIds.sandbox).toBe('key_two')

    await environment.removeKey('sandbox')
    expect(keychain.entries.size).toBe(0)
    expect(settings.get().keyIds.sandbox).toBeNull()
  })

  it('refuses to store a key without a keychain, with an explanation', async () => {
    const keychain = new MemoryKeychain()
    keychain.available = false
    const { environment, settings } = makeEnvironment(keychain)
    expect(await codeOf(environment.setKey('sandbox', 'key_one', 'sk_test_secret_value'))).toBe(
      'keychain_unavailable',
    )
    expect(settings.get().keyIds.sandbox).toBeNull()
  })

  it('needs the typed confirmation to switch to Live', async () => {
    const { environment, settings } = makeEnvironment()
    expect(await codeOf(environment.switchTo('live'))).toBe('live_confirmation_required')
    expect(await codeOf(environment.switchTo('live', 'live'))).toBe('live_confirmation_required')
    expect(settings.get().environment).toBe('demo')
    await environment.switchTo('live', 'LIVE')
    expect(settings.get().environment).toBe('live')
    expect((await environment.state()).notReady).toMatch(/Live base URL/)
  })

  it('explains what is missing before a test is even tried', async () => {
    const { environment, settings } = makeEnvironment()
    await environment.switchTo('sandbox')
    let report = await testConnection({ environment })
    expect(report.ok).toBe(false)
    expect(report.checks[0]).toMatchObject({
      id: 'configuration',
      status: 'fail',
      detail: expect.stringMatching(/Sandbox base URL/),
    })
    settings.update((draft) => {
      draft.baseUrls.sandbox = 'http://127.0.0.1:9'
    })
    report = await testConnection({ environment })
    expect(report.checks[0]?.detail).toMatch(/API key/)
  })
})

describe('connection test explanations', () => {
  async function sandboxEnvironment(keys: KeyConfigInput[], keyId: string, secret: string) {
    const sandbox = await sandboxWith(keys)
    const context = makeEnvironment()
    context.settings.update((draft) => {
      draft.baseUrls.sandbox = sandbox.url
    })
    await context.environment.switchTo('sandbox')
    await context.environment.setKey('sandbox', keyId, secret)
    return context.environment
  }

  it('names a wrong secret as such', async () => {
    const environment = await sandboxEnvironment(
      [{ key_id: 'key_a', secret: 'right-secret-123', capabilities: ['*'] }],
      'key_a',
      'wrong-secret-456',
    )
    const report = await testConnection({ environment })
    const signed = report.checks.find((check) => check.id === 'signed')
    expect(report.ok).toBe(false)
    expect(signed).toMatchObject({ status: 'fail' })
    expect(signed?.detail).toMatch(/secret does not match/)
    expect(signed?.action).toMatch(/Copy the secret again/)
    expect(JSON.stringify(report)).not.toContain('wrong-secret-456')
  })

  it('names a revoked key as such', async () => {
    const environment = await sandboxEnvironment(
      [{ key_id: 'key_old', secret: 'old-secret-1234', capabilities: ['*'], revoked: true }],
      'key_old',
      'old-secret-1234',
    )
    const signed = (await testConnection({ environment })).checks.find(
      (check) => check.id === 'signed',
    )
    expect(signed?.detail).toMatch(/does not recognise key key_old.*revoked or rotated/)
  })

  it('lists the capabilities a key lacks', async () => {
    const environment = await sandboxEnvironment(
      [
        {
          key_id: 'key_c',
          secret: 'cashier-secret-1',
          capabilities: ['virtual_accounts', 'banks'],
        },
      ],
      'key_c',
      'cashier-secret-1',
    )
    const report = await testConnection({ environment })
    const states = Object.fromEntries(report.capabilities.map((c) => [c.capability, c.state]))
    expect(states).toMatchObject({
      virtual_accounts: 'granted',
      banks: 'granted',
      disbursements: 'missing',
      refunds: 'missing',
    })
    expect(report.checks.find((check) => check.id === 'capabilities')).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/lacks: .*Payouts to bank accounts/),
    })
    expect(report.ok).toBe(true)
  })

  it('explains an unreachable gateway', async () => {
    const { environment, settings } = makeEnvironment()
    settings.update((draft) => {
      draft.baseUrls.sandbox = 'http://127.0.0.1:9'
    })
    await environment.switchTo('sandbox')
    await environment.setKey('sandbox', 'key_x', 'some-secret-value')
    const report = await testConnection({ environment })
    expect(report.checks.find((check) => check.id === 'reachable')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/Can't reach 127\.0\.0\.1:9/),
    })
  })
})
