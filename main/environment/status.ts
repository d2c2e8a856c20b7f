// Till-wide status for the status bar: gateway connectivity (from the health monitor and from
// every feature's own gateway traffic) and the payout outbox counts (fed by payouts/).
import type { Connectivity, TillStatus } from '../../common/ipc/environment'
import type { Emit } from '../kernel/events'

/**
 * How long a failed gateway call outranks a passing /health. /health can answer while the
 * routes that matter fail (a proxy, or the demo's injected outage), so a green health check
 * alone must not flip the bar back to Online; a successful call does.
 */
export const TRAFFIC_FAILURE_HOLD_MS = 30_000

export type ConnectivitySource = 'health' | 'traffic'

export class TillStatusService {
  #lastTrafficFailureAt = Number.NEGATIVE_INFINITY

  #status: TillStatus = {
    connectivity: 'unknown',
    lastCheckedAt: null,
    offlineReason: null,
    outbox: { pending: 0, failed: 0 },
  }

  constructor(
    private readonly emit: Emit,
    private readonly now: () => number = Date.now,
  ) {}

  get(): TillStatus {
    return structuredClone(this.#status)
  }

  /**
   * Any gateway call's outcome. `reason` (when offline) is shown to the cashier, so word it
   * for them: "Can't reach the gateway: no network."
   */
  reportConnectivity(
    connectivity: Connectivity,
    reason: string | null = null,
    source: ConnectivitySource = 'traffic',
  ): void {
    if (source === 'traffic')
      this.#lastTrafficFailureAt =
        connectivity === 'offline' ? this.now() : Number.NEGATIVE_INFINITY
    else if (
      connectivity === 'online' &&
      this.now() - this.#lastTrafficFailureAt < TRAFFIC_FAILURE_HOLD_MS
    )
      return
    const offlineReason = connectivity === 'offline' ? reason : null
    const changed =
      connectivity !== this.#status.connectivity || offlineReason !== this.#status.offlineReason
    this.#status.connectivity = connectivity
    this.#status.offlineReason = offlineReason
    this.#status.lastCheckedAt = new Date(this.now()).toISOString()
    if (changed) this.#publish()
  }

  /** Payouts calls this whenever its outbox changes. */
  setOutbox(outbox: { pending: number; failed: number }): void {
    if (
      outbox.pending === this.#status.outbox.pending &&
      outbox.failed === this.#status.outbox.failed
    ) {
      return
    }
    this.#status.outbox = { ...outbox }
    this.#publish()
  }

  #publish(): void {
    this.emit('status.changed', this.get())
  }
}
