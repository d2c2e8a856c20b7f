// The composition root as the integration tests drive it: real services on a temporary data
// folder, reached through the IPC dispatcher as a trusted test sender.
import { rmSync } from 'node:fs'
import type { UserRole } from '../../common/ipc/contract'
import { silentLogger } from '../../main/kernel/log'
import { createServices, type AppServices } from '../../main/compose/services'
import type { SenderInfo } from '../../main/ipc/handlers'
import { confBackend } from '../../main/settings/conf-backend'
import type { Keychain } from '../../main/keychain/keychain'
import { MemoryKeychain } from '../unit/shell/helpers'

const sender: SenderInfo = { transport: 'test', url: 'test://till' }

/** Creates and starts the services, keeping settings and data in `dir`. */
/** Pass the same `keychain` to start a till again on its data: its device key lives there. */
export async function startServices(
  dir: string,
  keychain: Keychain = new MemoryKeychain(),
  gatewayFetch: typeof fetch = globalThis.fetch,
  /** One gateway for several tills: Demo at this address instead of an embedded sandbox. */
  demoUrl: string | null = null,
  /** The till's clock, for a test that moves it on rather than waiting in real time. */
  now?: () => number,
): Promise<AppServices> {
  const services = await createServices({
    settingsBackend: confBackend(dir),
    keychain,
    fetch: gatewayFetch,
    ...(demoUrl ? { startDemo: async () => ({ url: demoUrl, close: async () => undefined }) } : {}),
    ...(now ? { now } : {}),
    dataDir: dir,
    log: silentLogger,
    isTrustedSender: (candidate) => candidate.transport === 'test',
  })
  await services.start()
  return services
}

/**
 * A till set up on the embedded Demo gateway with its admin (Ada, 123456), a cashier (Bola,
 * 2468) and a supervisor (Sade, 135790): the suites that walk one till's roles.
 */
export async function staffedTill(dir: string, now?: () => number) {
  const services = await startServices(dir, undefined, undefined, null, now)
  const { value } = dispatcher(() => services)
  await value('session.setup', { tillName: 'Front counter', adminName: 'Ada', pin: '123456' })
  const create = async (name: string, role: UserRole, pin: string) =>
    (await value<{ id: string }>('users.create', { name, role, pin })).id
  const cashierId = await create('Bola', 'cashier', '2468')
  const supervisorId = await create('Sade', 'supervisor', '135790')
  return { services, cashierId, supervisorId }
}

/** Calls a channel: `value` wants it to succeed, `code` gives "ok" or the error code. */
export function dispatcher(services: () => AppServices) {
  const call = (channel: string, input?: unknown) =>
    services().dispatcher.dispatch(sender, channel, input)
  async function value<T>(channel: string, input?: unknown): Promise<T> {
    const envelope = await call(channel, input)
    if (!envelope.ok)
      throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`)
    return envelope.value as T
  }
  const code = async (channel: string, input?: unknown) => {
    const envelope = await call(channel, input)
    return envelope.ok ? 'ok' : envelope.error.code
  }
  return { call, value, code }
}

/**
 * A payout drafted and submitted on a till by whoever is signed in there, to a bank account the
 * Demo gateway resolves: the shop suites' cashier at work.
 */
export async function draftPayout<T>(
  till: ReturnType<typeof dispatcher>,
  amount: string,
  narration: string,
): Promise<T> {
  const banks = await till.value<{ banks: Array<{ code: string }> }>('banks.list')
  const bankCode = banks.banks[0]!.code
  const resolved = await till.value<{ accountName: string }>('payouts.resolve', {
    bankCode,
    accountNumber: '0123456789',
  })
  return till.value<T>('payouts.draft', {
    purpose: 'supplier',
    bankCode,
    accountNumber: '0123456789',
    accountName: resolved.accountName,
    nameConfirmed: true,
    amount,
    narration,
    recipientEmail: null,
    submit: true,
  })
}

/**
 * Staff created on `from` (an admin signed in there) and waited for on `to`: the shop's one
 * staff list, as two-till suites start. Returns each new user's id by lower-case name.
 */
export async function shareStaff(
  from: ReturnType<typeof dispatcher>,
  to: ReturnType<typeof dispatcher>,
  people: ReadonlyArray<{ name: string; role: UserRole; pin: string }>,
  until: (what: string, check: () => Promise<boolean>, timeoutMs?: number) => Promise<unknown>,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {}
  for (const person of people)
    ids[person.name.toLowerCase()] = (await from.value<{ id: string }>('users.create', person)).id
  await until(
    'the staff on the other till',
    async () => {
      const users = await to.value<Array<{ id: string }>>('users.list')
      return Object.values(ids).every((id) => users.some((u) => u.id === id))
    },
    60_000,
  )
  return ids
}

/** Stops the tills, the server, and deletes their folders: a two-till suite's afterAll. */
export async function endTills(
  tills: ReadonlyArray<AppServices | undefined>,
  server: { destroy(): void } | undefined,
  dirs: readonly string[],
): Promise<void> {
  for (const till of tills) await till?.stop()
  server?.destroy()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

/**
 * Till `first` creates "Corner Shop" on `server` (the owner's login typed in), makes a code, and
 * `second` joins with it: each till's id in the shop.
 */
export async function openShop(
  first: ReturnType<typeof dispatcher>,
  second: ReturnType<typeof dispatcher>,
  server: { host: string; port: number; ca: string; superuser: string; superPassword: string },
): Promise<{ first: string; second: string }> {
  const address = { host: server.host, port: server.port, database: 'postgres', ca: server.ca }
  const owner = { ownerUser: server.superuser, ownerPassword: server.superPassword }
  const created = await first.value<{ tillId: string }>('shop.create', {
    server: address,
    ...owner,
    shopName: 'Corner Shop',
  })
  const { code } = await first.value<{ code: string }>('shop.createCode', owner)
  const joined = await second.value<{ tillId: string }>('shop.join', { server: address, code })
  return { first: created.tillId, second: joined.tillId }
}
