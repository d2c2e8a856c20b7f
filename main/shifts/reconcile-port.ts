// The Z-report's reconciliation step, as a port the reconcile feature plugs into. Shifts stand
// below reconcile in main/'s floor plan (reconcile reads the shifts' sources, day and PDF), so
// shifts name the step they call here and main/reconcile/module.ts links its service to the core
// both were made on. Looked up when a Z-report closes, so the order modules are made in is free.
import type { ZReconciliation } from '../../common/ipc/reconcile'
import type { CoreServices } from '../compose/core'

export type ZReconcileStep = (fromMs: number, toMs: number) => Promise<ZReconciliation>

const steps = new WeakMap<CoreServices, ZReconcileStep>()

export function linkZReconcileStep(core: CoreServices, step: ZReconcileStep): void {
  steps.set(core, step)
}

/** The Z-report's step (main/shifts/service.ts); null when reconciliation is not wired. */
export function zReconcileStep(
  core: CoreServices,
  fromMs: number,
  toMs: number,
): Promise<ZReconciliation> | null {
  return steps.get(core)?.(fromMs, toMs) ?? null
}
