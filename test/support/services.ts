// The composition root as the integration tests drive it: real services on a temporary data
// folder, reached through the IPC dispatcher as a trusted test sender.
import { silentLogger } from '../../main/app/log'
import { createServices, type AppServices } from '../../main/app/services'
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
): Promise<AppServices> {
  const services = await createServices({
    settingsBackend: confBackend(dir),
    keychain,
    fetch: gatewayFetch,
    ...(demoUrl ? { startDemo: async () => ({ url: demoUrl, close: async () => undefined }) } : {}),
    dataDir: dir,
    log: silentLogger,
    isTrustedSender: (candidate) => candidate.transport === 'test',
  })
  await services.start()
  return services
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
