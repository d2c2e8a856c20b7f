// Polls the gateway's unauthenticated /health so the status bar can say online or offline
// even when nothing else is talking to the gateway. Interval: settings.pollIntervals.healthMs.
import type { SettingsStore } from '../settings/store'
import type { EnvironmentService } from './environment'
import type { TillStatusService } from './status'

export interface ConnectivityOptions {
  environment: EnvironmentService
  settings: SettingsStore
  status: TillStatusService
  fetch: typeof fetch
  timeoutMs?: number
}

/** Why /health failed, in a cashier's words. */
export function describeHealthFailure(error: unknown, status?: number): string {
  if (status !== undefined) return `The gateway answered with an error (HTTP ${status}).`
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return 'The gateway did not answer in time.'
  }
  return "Can't reach the gateway: check the network connection."
}

/** Why a gateway call found the gateway unreachable, in a cashier's words. */
export function describeTrafficFailure(error?: { kind: string; status: number | null }): string {
  if (error?.kind === 'timeout') return 'The gateway did not answer in time.'
  if (error?.status) return `The gateway is unavailable (HTTP ${error.status}).`
  return "Can't reach the gateway: check the network connection."
}

export class ConnectivityMonitor {
  #timer: NodeJS.Timeout | null = null
  #running = false
  #stopped = true

  constructor(private readonly options: ConnectivityOptions) {}

  start(): void {
    this.#stopped = false
    this.#schedule(0)
  }

  stop(): void {
    this.#stopped = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  /** Checks now (after an environment switch, or when the user asks). */
  async check(): Promise<void> {
    if (this.#running) return
    this.#running = true
    try {
      const baseUrl = this.options.environment.baseUrl()
      if (!baseUrl) {
        this.options.status.reportConnectivity('unknown', null, 'health')
        return
      }
      try {
        const response = await this.options.fetch(`${baseUrl}/health`, {
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
        })
        // Drain the body so the connection can be reused.
        await response.arrayBuffer().catch(() => undefined)
        if (response.ok) this.options.status.reportConnectivity('online', null, 'health')
        else
          this.options.status.reportConnectivity(
            'offline',
            describeHealthFailure(null, response.status),
            'health',
          )
      } catch (error) {
        this.options.status.reportConnectivity('offline', describeHealthFailure(error), 'health')
      }
    } finally {
      this.#running = false
    }
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return
    this.#timer = setTimeout(() => {
      void this.check().finally(() =>
        this.#schedule(this.options.settings.get().pollIntervals.healthMs),
      )
    }, delayMs)
    this.#timer.unref?.()
  }
}
