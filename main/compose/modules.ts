// Feature modules, in start order. To add one: write main/<feature>/module.ts exporting
// `defineModule({ name, create(core) { ...; return { handlers, start, stop } } })` and add
// one line below. The shell's own services (session, users, settings, environment) are wired
// in services.ts and available to every module as `core`.
import type { FeatureModule } from './core'
import { collectionsModule } from '../collections/module'
import { exactlyOnceModule } from '../exactly-once/module'
import { payoutsModule } from '../payouts/module'
import { paymentsModule } from '../payments/module'
import { refundsModule } from '../refunds/module'
import { mandatesModule } from '../mandates/module'
import { reportsModule } from '../reports/module'
import { shiftsModule } from '../shifts/module'
import { shopModule } from '../shop/module'
import { reconcileModule } from '../reconcile/module'

export const featureModules: FeatureModule[] = [
  collectionsModule,
  payoutsModule,
  paymentsModule,
  refundsModule,
  mandatesModule,
  reportsModule,
  shiftsModule,
  shopModule,
  exactlyOnceModule,
  reconcileModule,
]
