// Reconciliation as a feature module: the channels of common/ipc/reconcile.ts, and the step
// every Z-report calls (linked into main/shifts/reconcile-port.ts). Stateless between calls: every check reads the gateway
// and the till's records afresh.
import type { reconcileChannels } from '../../common/ipc/reconcile'
import type { Environment } from '../../common/ipc/shared'
import type { CoreServices } from '../compose/core'
import { defineModule } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { pdfRenderer } from '../shifts/module'
import { shiftsTimeZone } from '../shifts/settings'
import { linkZReconcileStep } from '../shifts/reconcile-port'
import { fileActivitySource } from '../shifts/sources'
import { ReconcileService, zReconciliation, type TillRecordSet } from './service'
import { shopFactsOf } from './shop-port'
import { ownRecords, shopRecords } from './till-records'

async function tillRecords(core: CoreServices, environment: Environment): Promise<TillRecordSet> {
  const tillName = core.settings.get().tillName
  const sealOf = (env: Environment, journal: 'collections' | 'payments' | 'refunds' | 'payouts') =>
    core.integrity.journal(env, journal)
  const own = await ownRecords({
    dataDir: core.dataDir,
    environment,
    till: tillName,
    activity: fileActivitySource(core.dataDir, sealOf),
    sealOf,
    debitsSeal: core.integrity.journal(environment, 'debits'),
  })
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
    records: (environment) => tillRecords(core, environment),
    environment: () => core.environment.current,
    // The day in the zone the shifts use (their Z-reports' days).
    timeZone: () => shiftsTimeZone(core),
    pdf: pdfRenderer(core),
    now: core.now,
  })
  linkZReconcileStep(core, (fromMs, toMs) =>
    zReconciliation(service, fromMs, toMs, { now: core.now }),
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
