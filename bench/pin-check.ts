// Sign-in cost with the production PIN hash (DEFAULT_SCRYPT over a keychain-peppered PIN),
// through UsersService.verifyPin exactly as a sign-in runs it (lockout bookkeeping and the
// sealed staff record included). The work factor is chosen as what a till can afford at
// sign-in: p95 must stay at or under 300 ms on this machine. Also reported: the one-off
// sign-in that migrates a peppered hash at an older cost (checks the old one, then hashes
// anew). A hash without a pepper is not migrated: that PIN must change (main/users).
import { EventBus } from '../main/kernel/events'
import { IntegrityService } from '../main/integrity'
import type { Keychain } from '../main/keychain/keychain'
import type { RawSettings } from '../main/settings/migrations'
import type { Settings } from '../main/settings/schema'
import { SettingsStore } from '../main/settings/store'
import { DEFAULT_SCRYPT, hashPin } from '../main/users/pin'
import { UsersService } from '../main/users/users'
import { emit, percentile, round } from './emit'

const SIGN_INS = 40
const MIGRATIONS = 8

/** In memory: a bench never touches the machine's own keychain. */
function memoryKeychain(): Keychain {
  const store = new Map<string, string>()
  return {
    status: async () => ({ available: true, explanation: null }),
    get: async (scope, account) => store.get(`${scope}|${account}`) ?? null,
    set: async (scope, account, secret) => void store.set(`${scope}|${account}`, secret),
    delete: async (scope, account) => store.delete(`${scope}|${account}`),
  }
}

function memoryBackend() {
  let stored: RawSettings = {}
  return {
    path: 'bench://settings.json',
    read: () => structuredClone(stored),
    write: (value: Settings) => {
      stored = structuredClone(value) as unknown as RawSettings
    },
  }
}

export async function run(): Promise<void> {
  const integrity = await IntegrityService.open({ keychain: memoryKeychain() })
  const settings = new SettingsStore(memoryBackend(), {
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
    pepper: () => integrity.pepper(),
  })
  const supervisor = await users.create({ name: 'Sade', role: 'supervisor', pin: '975318' })

  // Warm-up: the first scrypt allocates its 64 MiB.
  await users.verifyPin(supervisor.id, '975318')
  const samples: number[] = []
  for (let i = 0; i < SIGN_INS; i++) {
    const started = performance.now()
    await users.verifyPin(supervisor.id, '975318')
    samples.push(performance.now() - started)
  }

  const migrations: number[] = []
  for (let i = 0; i < MIGRATIONS; i++) {
    const name = `Old ${i}`
    const user = await users.create({ name, role: 'cashier', pin: '2468' })
    const legacy = await hashPin('2468', { N: 16_384, r: 8, p: 1 }, integrity.pepper())
    settings.update((draft) => {
      draft.users.find((u) => u.id === user.id)!.pinHash = legacy
    })
    const started = performance.now()
    await users.verifyPin(user.id, '2468')
    migrations.push(performance.now() - started)
  }

  const memoryMiB = (128 * DEFAULT_SCRYPT.N * DEFAULT_SCRYPT.r) / 2 ** 20
  const line = (metric: string, value: number, unit: string, goal: string | null) =>
    emit({ bench: 'pin-check', metric, value, unit, goal })
  line('p95_sign_in_ms', round(percentile(samples, 95), 1), 'ms', '<= 300')
  line('p50_sign_in_ms', round(percentile(samples, 50), 1), 'ms', null)
  line('p95_migrating_sign_in_ms', round(percentile(migrations, 95), 1), 'ms', null)
  line('scrypt_N', DEFAULT_SCRYPT.N, 'count', null)
  line('scrypt_memory', memoryMiB, 'MiB', null)
}
