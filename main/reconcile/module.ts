// Reconciliation as a feature module: the channels of common/ipc/reconcile.ts, and the step
// every Z-report calls (linked into main/shifts/reconcile-port.ts). Stateless between calls:
// every check reads the gateway afresh; a day reads the till's records from the stores that
// cover it (the books, the payout and collections journals), a Z-report's step matches the
// report's own read of its period.
import type { reconcileChannels } from '../../common/ipc/reconcile'
import type { Environment } from '../../common/ipc/shared'
import type { CoreServices } from '../compose/core'
import { defineModule } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import type { Activity } from '../shifts/activity'
import { withDebits } from '../shifts/debit-source'
import { pdfRenderer } from '../shifts/module'
import { shiftsTimeZone } from '../shifts/settings'
import { linkZReconcileStep, reconcileBooks } from '../shifts/reconcile-port'
import { fileActivitySource, type SealOf } from '../shifts/sources'
import { ReconcileService, zReconciliation, type TillRecordSet } from './service'
import { shopFactsOf } from './shop-port'
import {
  ownRecords,
  periodRecords,
  shopRecords,
  type DayBooks,
  type TillRecords,
} from './till-records'

const sealOf =
  (core: CoreServices): SealOf =>
  (environment, journal) =>
    core.integrity.journal(environment, journal)

/**
 * The books the shifts module keeps; without it (a core with no shifts) the journals alone, as
 * far as they reach, and the day says which may be missing.
 */
function dayBooks(core: CoreServices): DayBooks {
  const books = reconcileBooks(core)
  if (books) return books
  const journals = withDebits(fileActivitySource(core.dataDir, sealOf(core)), core.dataDir, (e) =>
    core.integrity.journal(e, 'debits'),
  )
  return {
    day: async (environment) => {
      const settled = await journals.settled(environment)
      return {
        ...settled,
        warnings: [
          ...((settled as Partial<Activity>).warnings ?? []),
          'The books kept for reports are not open: payments, refunds and debits their journals no longer hold are left out.',
        ],
      }
    },
  }
}

/** This till's records (`own`), and in a shop every other till's from the shop's events. */
async function tillRecords(
  core: CoreServices,
  environment: Environment,
  own: TillRecords,
): Promise<TillRecordSet> {
  const tillName = core.settings.get().tillName
  const shop = shopFactsOf(core)
  const status = shop?.status()
  if (!shop || !status || status.mode !== 'shop')
    return { ...own, scope: 'till', tills: [tillName], stale: false }
  const others = shopRecords(shop.events(), status.tillId ?? '', environment)
  const tills = new Set([tillName, ...others.map((r) => r.till)])
  return {
    records: [...own.records, ...others],
    problems: own.problems,
    scope: 'shop',
    tills: [...tills].sort(),
    stale: status.sync !== 'online',
  }
}

export function createReconcile(core: CoreServices) {
  const service = new ReconcileService({
    gateway: () => core.environment.client(),
    records: async (environment, window) =>
      tillRecords(
        core,
        environment,
        await ownRecords({
          dataDir: core.dataDir,
          environment,
          till: core.settings.get().tillName,
          books: dayBooks(core),
          sealOf: sealOf(core),
          window,
        }),
      ),
    environment: () => core.environment.current,
    // The day in the zone the shifts use (their Z-reports' days).
    timeZone: () => shiftsTimeZone(core),
    pdf: pdfRenderer(core),
    now: core.now,
  })
  // The Z-report's period, from the report's own read: no journal is read a second time.
  linkZReconcileStep(core, (fromMs, toMs, period) =>
    zReconciliation(service, fromMs, toMs, {
      now: core.now,
      records: async () =>
        tillRecords(
          core,
          core.environment.current,
          periodRecords(period, core.settings.get().tillName),
        ),
    }),
  )
  const handlers: Handlers<typeof reconcileChannels> = {
    'reconcile.run': ({ day }) => service.day(day),
    'reconcile.export': (input) => service.export(input),
  }
  return { service, handlers }
}

export const reconcileModule = defineModule({
  name: 'reconcile',
  create: (core) => ({ handlers: createReconcile(core).handlers }),
})
