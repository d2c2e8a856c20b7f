// How a Z-report reaches the day's reconciliation without the shifts feature importing this
// module: the reconcile module links its service to the core both were made on.
import type { ZReconciliation } from '../../common/ipc/reconcile'
import type { CoreServices } from '../app/core'
import { zReconciliation, type ReconcileService } from './service'

const links = new WeakMap<CoreServices, ReconcileService>()

export function linkReconcile(core: CoreServices, service: ReconcileService): void {
  links.set(core, service)
}

/** The Z-report's step (main/shifts/service.ts); null when reconciliation is not wired. */
export function reconcileStep(
  core: CoreServices,
  fromMs: number,
  toMs: number,
): Promise<ZReconciliation> | null {
  const service = links.get(core)
  return service ? zReconciliation(service, fromMs, toMs, { now: core.now }) : null
}
