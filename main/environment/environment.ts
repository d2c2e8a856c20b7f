// Which gateway the till talks to, with which key. Demo runs the embedded sandbox with a
// generated key; Sandbox and Live use the admin's base URL and key. Feature services get
// their gateway client from `client()` and re-read it after `onChange`.
//
// This is the one gate every gateway call passes, so the rules live here: a base URL is used
// only if it passes BaseUrlSchema (the rule IPC applies), secrets are this till's own
// (keychain/till-secrets.ts), and while the authority settings fail their check nothing goes
// to Sandbox or Live until an admin confirms them (settings/authority.ts).
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import type { EnvironmentState } from '../../common/ipc/environment'
import { LIVE_CONFIRMATION } from '../../common/ipc/environment'
import { BaseUrlSchema } from '../../common/ipc/settings'
import {
  ENVIRONMENT_LABEL,
  type ConfigurableEnvironment,
  type Environment,
} from '../../common/ipc/shared'
import type { Said } from '../../common/ipc/contract'
import { AppError, refuse } from '../kernel/errors'
import type { Emit } from '../kernel/events'
import type { Logger } from '../kernel/log'
import { keychainSaid, type Keychain } from '../keychain/keychain'
import { secretAccount } from '../keychain/till-secrets'
import type { SettingsStore } from '../settings/store'
import type { DemoKey, RunningDemo, StartDemoGateway } from './demo'
import { createGatewayClient, type GatewayClient, type GatewayError } from './gateway-port'

export interface Credentials {
  environment: Environment
  baseUrl: string
  keyId: string
  secret: string
}

export interface EnvironmentOptions {
  settings: SettingsStore
  keychain: Keychain
  emit: Emit
  log: Logger
  /** net.fetch in Electron (system proxy, OS trust store), global fetch in Node. */
  fetch: typeof fetch
  startDemo: StartDemoGateway
  /** Where the demo gateway keeps its records between runs; null keeps them in memory. */
  dataDir: string | null
  timeoutMs?: number
  /** Every call's reachability, for the status bar (see GatewayClientOptions.onReachability). */
  onReachability?: (reachable: boolean, error?: GatewayError) => void
  /** The till's id: API secrets are stored under it. Null or absent: bare key ids (old tills). */
  till?: string | null
  /** Why the authority settings are not trusted, in words; null when they are. */
  authorityProblem?: () => string | null
}

/** Ends every sentence that explains why Sandbox or Live calls are stopped. */
const CONFIRM_HINT =
  'An admin should look at what changed at the top of Settings and confirm the settings with their PIN.'

/** Nothing goes to the gateway while the settings that decide where money goes are in doubt. */
const nothingSent = (environment: Environment): Said => ({
  key: 'tamper.nothingSent',
  params: { environment: { key: `environment.${environment}` } },
})

type ChangeListener = (state: EnvironmentState) => void

export class EnvironmentService {
  #demo: RunningDemo | null = null
  #demoError: string | null = null
  #demoKey: (DemoKey & { storage: 'keychain' | 'memory' }) | null = null
  #client: { key: string; client: GatewayClient } | null = null
  /** Serializes switches and key changes so the demo never starts twice. */
  #queue: Promise<unknown> = Promise.resolve()
  readonly #listeners = new Set<ChangeListener>()

  constructor(private readonly options: EnvironmentOptions) {}

  get current(): Environment {
    return this.options.settings.get().environment
  }

  /** Starts what the active environment needs (the demo gateway for Demo). */
  start(): Promise<void> {
    return this.#serial(async () => {
      if (this.current === 'demo') await this.#startDemo()
    })
  }

  stop(): Promise<void> {
    return this.#serial(() => this.#stopDemo())
  }

  /**
   * Base URL every gateway call of the active environment goes to, or null when none may be
   * used: not configured, demo not running, a stored URL that fails the IPC rule, or (Sandbox
   * and Live) authority settings waiting for an admin's confirmation.
   */
  baseUrl(): string | null {
    const settings = this.options.settings.get()
    if (settings.environment === 'demo') return this.#demo?.url ?? null
    if (this.#authorityProblem() !== null) return null
    return usableUrl(settings.baseUrls[settings.environment])
  }

  #authorityProblem(): string | null {
    return this.options.authorityProblem?.() ?? null
  }

  async state(): Promise<EnvironmentState> {
    const settings = this.options.settings.get()
    const environment = settings.environment
    const keychain = await this.options.keychain.status()
    let keyId: string | null
    let hasSecret = false
    let secretStorage: EnvironmentState['secretStorage'] = null
    if (environment === 'demo') {
      keyId = this.#demoKey?.keyId ?? null
      hasSecret = this.#demoKey !== null
      secretStorage = this.#demoKey?.storage ?? null
    } else {
      keyId = settings.keyIds[environment]
      if (keyId && keychain.available) {
        hasSecret = (await this.#readSecret(environment, keyId)) !== null
        secretStorage = hasSecret ? 'keychain' : null
      }
    }
    return {
      environment,
      baseUrl: this.baseUrl(),
      keyId,
      hasSecret,
      secretStorage,
      keychain,
      demo:
        environment === 'demo' ? { running: this.#demo !== null, error: this.#demoError } : null,
      notReady: this.#notReady(environment, keyId, hasSecret, keychain.explanation),
    }
  }

  switchTo(environment: Environment, confirm?: string): Promise<EnvironmentState> {
    return this.#serial(async () => {
      if (environment === 'live' && this.current !== 'live' && confirm !== LIVE_CONFIRMATION) {
        throw refuse(
          'live_confirmation_required',
          { key: 'environment.liveConfirm', params: { word: LIVE_CONFIRMATION } },
          {
            fieldSay: {
              confirm: { key: 'environment.typeWord', params: { word: LIVE_CONFIRMATION } },
            },
          },
        )
      }
      if (environment === this.current) return this.state()
      this.options.settings.update((draft) => {
        draft.environment = environment
      })
      this.#client = null
      if (environment === 'demo') await this.#startDemo()
      else await this.#stopDemo()
      this.options.log.info('environment switched', { environment })
      return this.#changed()
    })
  }

  /** Stores a key: secret into the keychain first, then the id into settings. */
  setKey(
    environment: ConfigurableEnvironment,
    keyId: string,
    secret: string,
  ): Promise<EnvironmentState> {
    return this.#serial(async () => {
      const previous = this.options.settings.get().keyIds[environment]
      await this.options.keychain.set(environment, this.#account(keyId), secret)
      if (previous && previous !== keyId) {
        await this.options.keychain
          .delete(environment, this.#account(previous))
          .catch((error: unknown) => {
            // The new key is stored; a stale old entry is harmless but worth a log line.
            this.options.log.warn('could not delete the replaced key from the keychain', { error })
          })
      }
      this.options.settings.update((draft) => {
        draft.keyIds[environment] = keyId
      })
      this.#client = null
      this.options.log.info('api key stored', { environment, keyId })
      return this.#changed()
    })
  }

  removeKey(environment: ConfigurableEnvironment): Promise<EnvironmentState> {
    return this.#serial(async () => {
      const keyId = this.options.settings.get().keyIds[environment]
      if (keyId) await this.options.keychain.delete(environment, this.#account(keyId))
      this.options.settings.update((draft) => {
        draft.keyIds[environment] = null
      })
      this.#client = null
      this.options.log.info('api key removed', { environment, keyId })
      return this.#changed()
    })
  }

  /** Everything needed to sign a request, or an AppError saying what is missing. */
  async credentials(): Promise<Credentials> {
    const authority = this.current === 'demo' ? null : this.#authorityProblem()
    if (authority !== null) {
      const label = ENVIRONMENT_LABEL[this.current]
      throw new AppError(
        'integrity_failed',
        `Nothing is sent to the ${label} gateway: ${authority} ${CONFIRM_HINT}`,
        { say: nothingSent(this.current) },
      )
    }
    const state = await this.state()
    if (state.notReady || !state.baseUrl || !state.keyId) {
      const said = this.#notReadySaid(
        state.environment,
        state.keyId,
        state.hasSecret,
        state.keychain.explanation,
      )
      throw new AppError(
        'gateway_not_configured',
        state.notReady ?? 'The gateway is not set up yet.',
        { say: said ?? { key: 'environment.notSetUp' } },
      )
    }
    const secret =
      state.environment === 'demo'
        ? (this.#demoKey?.secret ?? null)
        : await this.#readSecret(state.environment, state.keyId)
    if (!secret) {
      throw refuse('gateway_not_configured', {
        key: 'environment.noSecret',
        params: { keyId: state.keyId },
      })
    }
    return { environment: state.environment, baseUrl: state.baseUrl, keyId: state.keyId, secret }
  }

  /** A signed gateway client for the active environment, reused until anything changes. */
  async client(): Promise<GatewayClient> {
    const credentials = await this.credentials()
    const cacheKey = `${credentials.environment}|${credentials.baseUrl}|${credentials.keyId}`
    if (this.#client?.key === cacheKey) return this.#client.client
    const client = this.createClient(credentials)
    this.#client = { key: cacheKey, client }
    return client
  }

  /** A fresh client (the connection test uses one so it measures clock skew from scratch). */
  createClient(credentials: Credentials): GatewayClient {
    return createGatewayClient({
      baseUrl: credentials.baseUrl,
      keyId: credentials.keyId,
      secret: credentials.secret,
      fetch: this.options.fetch,
      timeoutMs: this.options.timeoutMs ?? 10_000,
      onReachability: this.options.onReachability,
    })
  }

  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async #changed(): Promise<EnvironmentState> {
    const state = await this.state()
    this.options.emit('environment.changed', state)
    for (const listener of this.#listeners) listener(state)
    return state
  }

  /**
   * The same, keyed (common/words/errors.ts `environment`), for a refusal the screen says in its
   * language; the keychain's and the demo's details stay in the English.
   */
  #notReadySaid(
    environment: Environment,
    keyId: string | null,
    hasSecret: boolean,
    keychainExplanation: string | null,
  ): Said | null {
    const label: Said = { key: `environment.${environment}` }
    if (environment === 'demo') {
      if (this.#demo) return null
      return this.#demoError
        ? { key: 'environment.demoFailed' }
        : { key: 'environment.demoStarting' }
    }
    if (this.#authorityProblem() !== null) return nothingSent(environment)
    const stored = this.options.settings.get().baseUrls[environment]
    if (!stored) return { key: 'environment.enterBaseUrl', params: { environment: label } }
    if (usableUrl(stored) === null)
      return { key: 'environment.badBaseUrl', params: { environment: label } }
    if (!keyId) return { key: 'environment.enterKey', params: { environment: label } }
    if (keychainExplanation) return keychainSaid(process.platform)
    if (!hasSecret) return { key: 'environment.noTillSecret', params: { keyId } }
    return null
  }

  #notReady(
    environment: Environment,
    keyId: string | null,
    hasSecret: boolean,
    keychainExplanation: string | null,
  ): string | null {
    const label = ENVIRONMENT_LABEL[environment]
    if (environment === 'demo') {
      if (this.#demo) return null
      return this.#demoError
        ? `The demo gateway did not start: ${this.#demoError}`
        : 'The demo gateway is starting.'
    }
    const authority = this.#authorityProblem()
    if (authority !== null) {
      return `Nothing is sent to the ${label} gateway: ${authority} ${CONFIRM_HINT}`
    }
    const stored = this.options.settings.get().baseUrls[environment]
    if (!stored) return `Enter the ${label} base URL in Settings → Environment.`
    if (usableUrl(stored) === null) {
      return `The ${label} base URL in the settings file is not one Tilldesk may use (it must be https://, or http:// only to this computer, without ?query or #fragment), so nothing is sent to it. Enter the base URL again in Settings → Environment.`
    }
    if (!keyId) return `Enter the ${label} API key (key id and secret) in Settings → API key.`
    if (keychainExplanation) return keychainExplanation
    if (!hasSecret) {
      return `This till has no secret for key ${keyId}. Secrets are kept per till in the OS keychain: a key id in the settings file (copied, or left from another till on this computer) does not give this till another till's secret. Enter the key id and secret again in Settings → API key.`
    }
    return null
  }

  /** The keychain account of `keyId`'s secret: this till's own (see keychain/till-secrets.ts). */
  #account(keyId: string): string {
    return secretAccount(this.options.till ?? null, keyId)
  }

  async #readSecret(environment: Environment, keyId: string): Promise<string | null> {
    try {
      return await this.options.keychain.get(environment, this.#account(keyId))
    } catch {
      return null
    }
  }

  async #startDemo(): Promise<void> {
    if (this.#demo) return
    this.#demoError = null
    try {
      this.#demoKey ??= await this.#demoCredentials()
      const dataFile = this.options.dataDir ? join(this.options.dataDir, 'demo-gateway.json') : null
      this.#demo = await this.options.startDemo({ key: this.#demoKey, dataFile })
      this.options.log.info('demo gateway started', {
        url: this.#demo.url,
        keyStorage: this.#demoKey.storage,
      })
    } catch (error) {
      this.#demoError = error instanceof Error ? error.message : String(error)
      this.options.log.error('demo gateway failed to start', { error })
    }
  }

  async #stopDemo(): Promise<void> {
    const demo = this.#demo
    this.#demo = null
    if (demo) await demo.close()
  }

  /**
   * The demo key: reused from the keychain when there is one, else generated and stored
   * there. Without a keychain it stays in memory only (a new one each start), and the
   * Settings screen says so.
   */
  async #demoCredentials(): Promise<DemoKey & { storage: 'keychain' | 'memory' }> {
    const { keychain, settings } = this.options
    const status = await keychain.status()
    const savedId = settings.get().keyIds.demo
    if (status.available && savedId) {
      const secret = await this.#readSecret('demo', savedId)
      if (secret) return { keyId: savedId, secret, storage: 'keychain' }
    }
    const key: DemoKey = {
      keyId: `demo_${randomBytes(6).toString('hex')}`,
      secret: randomBytes(32).toString('hex'),
    }
    if (status.available) {
      try {
        await keychain.set('demo', this.#account(key.keyId), key.secret)
        settings.update((draft) => {
          draft.keyIds.demo = key.keyId
        })
        if (savedId) await keychain.delete('demo', this.#account(savedId)).catch(() => false)
        return { ...key, storage: 'keychain' }
      } catch (error) {
        this.options.log.warn('demo key kept in memory: keychain write failed', { error })
      }
    }
    return { ...key, storage: 'memory' }
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#queue.catch(() => undefined).then(task)
    this.#queue = run
    return run
  }
}

/** `url` as BaseUrlSchema reads it (the rule IPC applies), or null when it fails the rule. */
function usableUrl(url: string | null): string | null {
  if (url === null) return null
  const parsed = BaseUrlSchema.safeParse(url)
  return parsed.success ? parsed.data : null
}
