// Against a real Secret Service: the shell's key storage puts the secret in the keychain under
// `Tilldesk/<environment>` with the key id as the account (checked independently with
// secret-tool), and no file Tilldesk writes contains it. A till with an id keeps its secrets
// under accounts that name it, which no other till reads.
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { EventBus } from '../../main/kernel/events'
import { silentLogger } from '../../main/kernel/log'
import { EnvironmentService } from '../../main/environment/environment'
import { KeytarKeychain } from '../../main/keychain/keychain'
import { confBackend } from '../../main/settings/conf-backend'
import { SettingsStore } from '../../main/settings/store'

const keychain = new KeytarKeychain()
const secretTool =
  ['/usr/bin/secret-tool', '/usr/local/bin/secret-tool'].find((path) => existsSync(path)) ?? null
let skipReason: string | null = null
let dir: string
let settings: SettingsStore
let environment: EnvironmentService
const created: Array<{ service: string; account: string }> = []

/** Reads an entry with secret-tool: what any other program on the machine would see. */
function lookup(service: string, account: string): string | null {
  const result = spawnSync(
    secretTool ?? 'secret-tool',
    ['lookup', 'service', service, 'account', account],
    {
      encoding: 'utf8',
    },
  )
  return result.status === 0 ? result.stdout : null
}

/** Every byte Tilldesk wrote to its data directory. */
function everythingWritten(root: string): string {
  let text = ''
  for (const name of readdirSync(root)) {
    const path = join(root, name)
    text += statSync(path).isDirectory() ? everythingWritten(path) : readFileSync(path, 'utf8')
  }
  return text
}

const requireKeychain = (context: TestContext) => {
  if (skipReason) context.skip(skipReason)
}

beforeAll(async () => {
  const status = await keychain.status()
  if (!status.available) skipReason = `No Secret Service reachable: ${status.explanation}`
  else if (!secretTool)
    skipReason =
      'secret-tool (libsecret-tools) is not installed, so nothing can check the keychain independently.'
  if (skipReason) {
    console.warn(`[keychain] skipping: ${skipReason}`)
    return
  }
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-keychain-'))
  settings = new SettingsStore(confBackend(dir))
  environment = new EnvironmentService({
    settings,
    keychain,
    emit: new EventBus().emit,
    log: silentLogger,
    fetch: globalThis.fetch,
    // The demo gateway itself is not under test here; only where its key goes.
    startDemo: async () => ({ url: 'http://127.0.0.1:9', close: async () => undefined }),
    dataDir: dir,
  })
})

afterAll(async () => {
  for (const { service, account } of created) {
    spawnSync(secretTool ?? 'secret-tool', ['clear', 'service', service, 'account', account])
  }
  await environment?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('OS keychain (Secret Service)', () => {
  const keyId = `it_${randomBytes(4).toString('hex')}`
  const secret = `sk_test_${randomBytes(24).toString('hex')}`

  it('stores an API secret under Tilldesk/<environment>, account = key id', async (context) => {
    requireKeychain(context)
    created.push({ service: 'Tilldesk/sandbox', account: keyId })
    await environment.setKey('sandbox', keyId, secret)
    expect(lookup('Tilldesk/sandbox', keyId)).toBe(secret)
    expect(lookup('Tilldesk/live', keyId)).toBeNull()
  })

  it('keeps the secret out of the settings file and every other file it writes', async (context) => {
    requireKeychain(context)
    const settingsText = readFileSync(settings.path, 'utf8')
    expect(settingsText).toContain(keyId)
    expect(settingsText).not.toContain(secret)
    expect(everythingWritten(dir)).not.toContain(secret)
    expect(JSON.stringify(await environment.state())).not.toContain(secret)
  })

  it('replaces a key: the new secret is stored and the old entry deleted', async (context) => {
    requireKeychain(context)
    const nextId = `${keyId}_2`
    const nextSecret = `sk_test_${randomBytes(24).toString('hex')}`
    created.push({ service: 'Tilldesk/sandbox', account: nextId })
    await environment.setKey('sandbox', nextId, nextSecret)
    expect(lookup('Tilldesk/sandbox', nextId)).toBe(nextSecret)
    expect(lookup('Tilldesk/sandbox', keyId)).toBeNull()
    expect(settings.get().keyIds.sandbox).toBe(nextId)
    expect(readFileSync(settings.path, 'utf8')).not.toContain(nextSecret)
  })

  it('removes a key from the keychain and the settings', async (context) => {
    requireKeychain(context)
    const current = settings.get().keyIds.sandbox
    expect(current).not.toBeNull()
    await environment.removeKey('sandbox')
    expect(lookup('Tilldesk/sandbox', current ?? '')).toBeNull()
    expect(settings.get().keyIds.sandbox).toBeNull()
  })

  it('keeps the generated demo key in the keychain too, only its id in settings', async (context) => {
    requireKeychain(context)
    await environment.start()
    const state = await environment.state()
    expect(state.secretStorage).toBe('keychain')
    const demoId = state.keyId ?? ''
    created.push({ service: 'Tilldesk/demo', account: demoId })
    const stored = lookup('Tilldesk/demo', demoId)
    expect(stored).toMatch(/^[a-f0-9]{64}$/)
    expect(readFileSync(settings.path, 'utf8')).not.toContain(stored ?? 'missing')
    expect(
      execFileSync(secretTool ?? 'secret-tool', ['search', '--all', 'service', 'Tilldesk/demo'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ).toContain(demoId)
  })
})

describe('secrets per till (Secret Service)', () => {
  const tillEnvironment = (till: string, tillDir: string) =>
    new EnvironmentService({
      settings: new SettingsStore(confBackend(tillDir)),
      keychain,
      emit: new EventBus().emit,
      log: silentLogger,
      fetch: globalThis.fetch,
      startDemo: async () => ({ url: 'http://127.0.0.1:9', close: async () => undefined }),
      dataDir: tillDir,
      till,
    })

  it('stores a till’s secret under its own account; another till finds nothing by key id', async (context) => {
    requireKeychain(context)
    const keyId = `it_${randomBytes(4).toString('hex')}`
    const secret = `sk_test_${randomBytes(24).toString('hex')}`
    const first = randomBytes(8).toString('hex')
    const second = randomBytes(8).toString('hex')
    const account = `Tilldesk API secret ${first} ${keyId}`
    created.push({ service: 'Tilldesk/sandbox', account })
    const firstDir = mkdtempSync(join(tmpdir(), 'tilldesk-till-a-'))
    const secondDir = mkdtempSync(join(tmpdir(), 'tilldesk-till-b-'))
    try {
      const own = tillEnvironment(first, firstDir)
      await own.setKey('sandbox', keyId, secret)
      expect(lookup('Tilldesk/sandbox', account)).toBe(secret)
      expect(lookup('Tilldesk/sandbox', keyId)).toBeNull()

      // The second till's settings name the same key id (as a copied file would).
      new SettingsStore(confBackend(secondDir)).update((draft) => {
        draft.environment = 'sandbox'
        draft.baseUrls.sandbox = 'https://sandbox.gateway.example'
        draft.keyIds.sandbox = keyId
      })
      const other = tillEnvironment(second, secondDir)
      const state = await other.state()
      expect(state.hasSecret).toBe(false)
      expect(state.notReady).toMatch(/Secrets are kept per till/)
      await expect(other.credentials()).rejects.toThrow(/Secrets are kept per till/)
      await other.stop()
      await own.stop()
    } finally {
      rmSync(firstDir, { recursive: true, force: true })
      rmSync(secondDir, { recursive: true, force: true })
    }
  })
})
