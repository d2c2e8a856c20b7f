// A till started, quit and started again on one data folder and keychain, as a cashier would
// do it between file edits, with every request it sends recorded (URL and the key id it was
// signed with). Reached only through the IPC dispatcher, as a trusted test sender.
import { silentLogger } from '../../main/kernel/log'
import { createServices, type AppServices } from '../../main/compose/services'
import type { SenderInfo } from '../../main/ipc/handlers'
import type { Keychain } from '../../main/keychain/keychain'
import { confBackend } from '../../main/settings/conf-backend'

const sender: SenderInfo = { transport: 'test', url: 'test://till' }

/** The shop's Sandbox key, as the gateway's key list takes it. */
export const SHOP_KEY = { key_id: 'k_shop', secret: 'sk_test_shop_secret_0123456789abcdef' }
export const ADMIN_PIN = '24681357'

export interface SentRequest {
  url: string
  /** The X-Key-Id it was signed with; null for an unsigned request (/health). */
  keyId: string | null
}

export interface CallResult<T> {
  code: string
  value: T | null
  message: string
}

export function tillRuns(options: {
  dir: () => string
  keychain: () => Keychain
  now?: () => number
}) {
  const sent: SentRequest[] = []
  let services: AppServices | null = null
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init)
    sent.push({ url: request.url, keyId: request.headers.get('x-key-id') })
    return globalThis.fetch(input, init)
  }

  const quit = async (): Promise<void> => {
    await services?.stop()
    services = null
  }
  async function call<T = unknown>(channel: string, input?: unknown): Promise<CallResult<T>> {
    if (!services) throw new Error('The till is not running.')
    const envelope = await services.dispatcher.dispatch(sender, channel, input)
    return envelope.ok
      ? { code: 'ok', value: envelope.value as T, message: '' }
      : { code: envelope.error.code, value: null, message: envelope.error.message }
  }
  async function must<T = unknown>(channel: string, input?: unknown): Promise<T> {
    const result = await call<T>(channel, input)
    if (result.code !== 'ok') throw new Error(`${channel}: ${result.code} ${result.message}`)
    return result.value as T
  }

  return {
    sent,
    services: (): AppServices => {
      if (!services) throw new Error('The till is not running.')
      return services
    },
    /** Starts the till (quitting a running one first). */
    async boot(): Promise<AppServices> {
      await quit()
      services = await createServices({
        settingsBackend: confBackend(options.dir()),
        keychain: options.keychain(),
        fetch,
        dataDir: options.dir(),
        log: silentLogger,
        ...(options.now ? { now: options.now } : {}),
        isTrustedSender: (candidate) => candidate.transport === 'test',
      })
      await services.start()
      return services
    },
    quit,
    call,
    /** Like call, for a step that must succeed: throws with main's code and words. */
    must,
    /**
     * Day one, on a running till: the admin (Ada, ADMIN_PIN) sets it up on the shop's Sandbox
     * gateway at `gatewayUrl` with SHOP_KEY, and a gateway call works.
     */
    async setUpOnSandbox(gatewayUrl: string): Promise<void> {
      await must('session.setup', { tillName: 'Front', adminName: 'Ada', pin: ADMIN_PIN })
      await must('settings.update', { baseUrls: { sandbox: gatewayUrl } })
      await must('settings.setKey', {
        environment: 'sandbox',
        keyId: SHOP_KEY.key_id,
        secret: SHOP_KEY.secret,
      })
      await must('environment.switch', { environment: 'sandbox' })
      await must('reports.transfersIn', {})
    },
  }
}
