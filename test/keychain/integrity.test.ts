// Against a real Secret Service: the device keys, the PIN pepper and the journal heads live in
// the OS keychain (checked independently with secret-tool) and in no file Tilldesk writes; a
// staff file copied off the till cannot be used to check a PIN; and the head in the keychain
// catches a journal whose last records were deleted.
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { AppError } from '../../main/kernel/errors'
import { EventBus } from '../../main/kernel/events'
import { IntegrityService, KNOWN_JOURNALS } from '../../main/integrity'
import {
  deviceKeyAccount,
  headAccount,
  pepperAccount,
  resolveTillId,
  sealingAccount,
  TILLS_ACCOUNT,
} from '../../main/integrity/keys'
import { TILL_RECORDS } from '../../main/integrity/service'
import { KeytarKeychain, type Keychain } from '../../main/keychain/keychain'
import { Journal, JournalCorruptError } from '../../main/payouts/journal'
import { confBackend } from '../../main/settings/conf-backend'
import { SettingsStore } from '../../main/settings/store'
import { verifyPin } from '../../main/users/pin'
import { UsersService } from '../../main/users/users'
import { MemoryKeychain } from '../unit/shell/helpers'

const keychain = new KeytarKeychain()
const secretTool =
  ['/usr/bin/secret-tool', '/usr/local/bin/secret-tool'].find((path) => existsSync(path)) ?? null
const SCOPES = ['till', 'demo', 'sandbox', 'live'] as const
let skipReason: string | null = null
let dir: string
/** Every data folder (till) a test used: its keychain entries are removed afterwards. */
const tills = new Set<string>()
/** The till id of a data folder (made at first use, as createServices does). */
const tillIdOf = (path: string): string => resolveTillId(path, false)!

const lookup = (service: string, account: string): string | null => {
  const result = spawnSync(
    secretTool ?? 'secret-tool',
    ['lookup', 'service', service, 'account', account],
    {
      encoding: 'utf8',
    },
  )
  return result.status === 0 ? result.stdout : null
}

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

/** One start of the till's staff side, as createServices wires it. */
async function boot(store: Keychain, settingsDir: string) {
  tills.add(settingsDir)
  const integrity = await IntegrityService.open({ keychain: store, till: tillIdOf(settingsDir) })
  const settings = new SettingsStore(confBackend(settingsDir), {
    integrity: {
      sealer: integrity.till(),
      anchor: integrity.journal('till', 'settings').anchor,
      adopt: integrity.created('till'),
      findings: integrity.findings,
    },
  })
  const users = new UsersService({
    settings,
    emit: new EventBus().emit,
    scrypt: { N: 1024, r: 8, p: 1 },
    pepper: () => integrity.pepper(),
  })
  return { integrity, settings, users }
}

function clearOurEntries(): void {
  const accounts = [
    TILLS_ACCOUNT,
    ...[...tills].flatMap((path) => {
      const till = tillIdOf(path)
      return [
        deviceKeyAccount(till),
        pepperAccount(till),
        sealingAccount(till),
        ...[...KNOWN_JOURNALS, ...TILL_RECORDS].map((name) => headAccount(name, till)),
      ]
    }),
  ]
  for (const scope of SCOPES) {
    for (const account of accounts) {
      spawnSync(secretTool ?? 'secret-tool', [
        'clear',
        'service',
        `Tilldesk/${scope}`,
        'account',
        account,
      ])
    }
  }
}

beforeAll(async () => {
  const status = await keychain.status()
  if (!status.available) skipReason = `No Secret Service reachable: ${status.explanation}`
  else if (!secretTool) skipReason = 'secret-tool (libsecret-tools) is not installed.'
  if (skipReason) {
    console.warn(`[keychain] skipping: ${skipReason}`)
    return
  }
  // A fresh data folder is a fresh till: no device keys yet.
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-integrity-'))
})

afterAll(() => {
  if (!skipReason) clearOurEntries()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('device keys in the OS keychain', () => {
  it('are made at first run per till and per environment, and never written to a file', async (context) => {
    requireKeychain(context)
    const tillDir = join(dir, 'till')
    const first = await boot(keychain, tillDir)
    await first.users.create({ name: 'Ada', role: 'admin', pin: '246813' })
    const till = tillIdOf(tillDir)
    const keys = SCOPES.map((scope) => lookup(`Tilldesk/${scope}`, deviceKeyAccount(till)))
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(new Set(keys).size).toBe(SCOPES.length)
    const pepper = lookup('Tilldesk/till', pepperAccount(till))
    expect(pepper).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    const written = everythingWritten(dir)
    for (const secret of [...keys, pepper]) {
      expect(written).not.toContain(secret)
      expect(written).not.toContain(Buffer.from(secret!, 'base64').toString('hex'))
    }
    await first.integrity.flushed()
    // Made once: the next start finds them.
    const again = await boot(keychain, join(dir, 'till'))
    expect(again.integrity.created('till')).toBe(false)
    expect(again.integrity.findings.list()).toEqual([])
  })

  it('a staff file copied off the till cannot be used to check a PIN', async (context) => {
    requireKeychain(context)
    const till = await boot(keychain, join(dir, 'till'))
    const supervisor = await till.users.create({ name: 'Sade', role: 'supervisor', pin: '975318' })
    // On the till, with its keychain, the PIN checks.
    expect((await till.users.verifyPin(supervisor.id, '975318')).role).toBe('supervisor')

    const copyDir = join(dir, 'copied')
    const settingsFile = till.settings.path
    const copied = readFileSync(settingsFile, 'utf8')
    const stolen = JSON.parse(copied) as { users: Array<{ id: string; pinHash: string }> }
    const hash = stolen.users.find((u) => u.id === supervisor.id)!.pinHash
    // Offline: the hash alone never confirms the right PIN.
    expect(await verifyPin('975318', hash)).toBe(false)
    // Another machine's keychain: another pepper, another device key.
    const elsewhere = await boot(new MemoryKeychain(), copyDir)
    expect(await verifyPin('975318', hash, elsewhere.integrity.pepper())).toBe(false)
    // Tilldesk itself, fed the copied file without this till's keychain, refuses it.
    writeFileSync(join(copyDir, 'settings.json'), copied)
    const thief = await boot(new MemoryKeychain(), copyDir)
    const refused = await thief.users.verifyPin(supervisor.id, '975318').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect((refused as AppError).code).toBe('integrity_failed')
  })

  it('keeps the payout journal head in the keychain: deleted last records are caught', async (context) => {
    requireKeychain(context)
    const journalDir = join(dir, 'payouts')
    tills.add(journalDir)
    const integrity = await IntegrityService.open({ keychain, till: tillIdOf(journalDir) })
    const { journal } = await Journal.open<{ n: number }, unknown>(journalDir, {
      seal: integrity.journal('live', 'payouts'),
    })
    for (const n of [1, 2, 3]) await journal.append([{ n }], new Date(0).toISOString()).durable
    await journal.close()
    await integrity.flushed()
    const head = lookup('Tilldesk/live', headAccount('payouts', tillIdOf(journalDir)))
    expect(JSON.parse(head ?? '{}')).toMatchObject({ seq: 3 })
    const file = join(journalDir, 'journal.jsonl')
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
    writeFileSync(file, `${lines.slice(0, 2).join('\n')}\n`)
    const again = await IntegrityService.open({ keychain, till: tillIdOf(journalDir) })
    const error = await Journal.open(journalDir, { seal: again.journal('live', 'payouts') }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(JournalCorruptError)
    expect(again.findings.list()).toContainEqual(expect.objectContaining({ area: 'payouts' }))
  })
})
