// Upgrades: a till's data folder written by an earlier Tilldesk (fixtures/v<version>/, made by
// generate.ts with that version's code and never regenerated) opens in this one, through the
// settings migrations, with its staff, charges, payout journal and integrity seals intact.
// Add a fixture for each release; every one of them must keep loading.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { ChargeView } from '../../../common/ipc/collections'
import type { PayoutView } from '../../../common/ipc/payouts'
import { silentLogger } from '../../../main/kernel/log'
import { createServices, type AppServices } from '../../../main/compose/services'
import { confBackend } from '../../../main/settings/conf-backend'
import { migrate } from '../../../main/settings/migrations'
import { SettingsSchema, SETTINGS_VERSION } from '../../../main/settings/schema'
import { dispatcher } from '../../support/services'
import { MemoryKeychain } from '../../unit/shell/helpers'

const FIXTURES = join(import.meta.dirname, 'fixtures')
const PINS = { admin: '123456', cashier: '2468', supervisor: '135790' }

interface Expected {
  version: string
  tillName: string
  users: Record<'admin' | 'cashier' | 'supervisor', string>
  charges: { paid: string; open: string }
  payouts: { success: string; awaiting_approval: string }
}

let services: AppServices | null = null
let dir: string | null = null
const { value } = dispatcher(() => services!)

afterEach(async () => {
  await services?.stop()
  services = null
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

/** Copies a fixture to a scratch folder and opens it with this version's services. */
async function open(version: string, change?: (data: string) => void) {
  dir = mkdtempSync(join(tmpdir(), `tilldesk-upgrade-${version}-`))
  cpSync(join(FIXTURES, version, 'data'), dir, { recursive: true })
  change?.(dir)
  const keychain = new MemoryKeychain()
  const stored = JSON.parse(readFileSync(join(FIXTURES, version, 'keychain.json'), 'utf8'))
  for (const [key, secret] of Object.entries(stored as Record<string, string>)) {
    keychain.entries.set(key, secret)
  }
  services = await createServices({
    settingsBackend: confBackend(dir),
    keychain,
    fetch: globalThis.fetch,
    dataDir: dir,
    log: silentLogger,
    isTrustedSender: (candidate) => candidate.transport === 'test',
  })
  await services.start()
  const expected = JSON.parse(
    readFileSync(join(FIXTURES, version, 'expected.json'), 'utf8'),
  ) as Expected
  return { expected, data: dir }
}

async function signIn(role: 'admin' | 'cashier' | 'supervisor', name: string) {
  const users = await value<Array<{ id: string; name: string }>>('users.list')
  const user = users.find((candidate) => candidate.name === name)
  expect(user, `${name} is still a user`).toBeDefined()
  await value('session.signIn', { userId: user!.id, pin: PINS[role] })
}

const versions = readdirSync(FIXTURES).filter((name) => name.startsWith('v'))

describe('upgrade', () => {
  it('has a fixture for at least one earlier version', () => {
    expect(versions.length).toBeGreaterThan(0)
  })

  it.each(versions)(
    'a till written by %s opens with its staff, charges and payouts',
    { timeout: 60_000 },
    async (version) => {
      const { expected, data } = await open(version)
      const settingsFile = JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8'))
      expect(settingsFile.schemaVersion).toBe(SETTINGS_VERSION)

      await signIn('admin', expected.users.admin)
      const settings = await value<{ tillName: string }>('settings.get')
      expect(settings.tillName).toBe(expected.tillName)
      expect(
        (await value<Array<{ name: string }>>('users.list')).map((u) => u.name).sort(),
      ).toEqual(Object.values(expected.users).sort())

      await signIn('cashier', expected.users.cashier)
      const paid = await value<ChargeView>('charge.get', { chargeId: expected.charges.paid })
      expect(paid.reconciliation.status).toBe('paid')
      const stillOpen = await value<ChargeView>('charge.get', { chargeId: expected.charges.open })
      expect(stillOpen.state).toBe('open')

      const payouts = await value<{ items: PayoutView[] }>('payouts.list')
      const state = (reference: string) =>
        payouts.items.find((item) => item.reference === reference)?.state
      expect(state(expected.payouts.success)).toBe('success')
      expect(state(expected.payouts.awaiting_approval)).toBe('awaiting_approval')

      // The journals' seals still check out: nothing reported as tampered or unreadable.
      expect(services!.integrity.findings.list()).toEqual([])
    },
  )

  it.each(versions)(
    "%s's settings go through every migration step up to this version and validate",
    (version) => {
      const raw = JSON.parse(readFileSync(join(FIXTURES, version, 'data/settings.json'), 'utf8'))
      const { value: upgraded, from, applied } = migrate(raw)
      expect(applied).toEqual(
        Array.from({ length: SETTINGS_VERSION - from }, (_, index) => from + index + 1),
      )
      expect(SettingsSchema.safeParse(upgraded).success).toBe(true)
    },
  )

  it(
    'a tampered payout journal is reported, not silently loaded',
    { timeout: 60_000 },
    async () => {
      const [version] = versions
      await open(version!, (folder) => {
        const file = join(folder, 'payouts/demo/outbox/journal.jsonl')
        writeFileSync(
          file,
          readFileSync(file, 'utf8').replace('"amount":200000', '"amount":900000'),
        )
      })
      expect(services!.integrity.findings.list().length).toBeGreaterThan(0)
    },
  )
})
