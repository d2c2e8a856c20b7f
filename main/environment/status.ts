// Till-wide status for the status bar: gateway connectivity (from the health monitor and from
// every feature's own gateway traffic) and the payout outbox counts (fed by payouts/).
import type { Connectivity, TillStatus } from '../../common/ipc/environment'
import type { Emit } from '../app/events'

export class TillStatusService {
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
  reportConnectivity(connectivity: Connectivity, reason: string | null = null): void {
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
