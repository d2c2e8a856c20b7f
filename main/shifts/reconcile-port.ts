// The Z-report's reconciliation step, as a port the reconcile feature plugs into. Shifts stand
// below reconcile in main/'s floor plan (reconcile reads the shifts' sources, day and PDF), so
// shifts name the step they call here and main/reconcile/module.ts links its service to the core
// both were made on. Looked up when a Z-report closes, so the order modules are made in is free.
// The step is handed the Z-report's own read of its period, so it reads nothing again; and the
// books (books.ts), which the Reconcile screen reads a day from, are linked here the same way.
import type { ZReconciliation } from '../../common/ipc/reconcile'
import type { CoreServices } from '../compose/core'
import type { Activity } from './activity'
import type { Books } from './books'

export type ZReconcileStep = (
  fromMs: number,
  toMs: number,
  period: Activity,
) => Promise<ZReconciliation>

const steps = new WeakMap<CoreServices, ZReconcileStep>()
const books = new WeakMap<CoreServices, Books>()

export function linkReconcileBooks(core: CoreServices, kept: Books): void {
  books.set(core, kept)
}

/** The till's books (the shifts module's one instance); null when shifts are not wired. */
export const reconcileBooks = (core: CoreServices): Books | null => books.get(core) ?? null

export function linkZReconcileStep(core: CoreServices, step: ZReconcileStep): void {
  steps.set(core, step)
}

/** The Z-report's step (main/shifts/service.ts); null when reconciliation is not wired. */
export function zReconcileStep(
  core: CoreServices,
  fromMs: number,
  toMs: number,
  period: Activity,
): Promise<ZReconciliation> | null {
  return steps.get(core)?.(fromMs, toMs, period) ?? null
}
