// Transaction reports as a feature module. Stateless: every page comes from the gateway.
import type { reportsChannels } from '../../common/ipc/reports'
import { defineModule } from '../compose/core'
import type { CoreServices } from '../compose/core'
import type { Handlers } from '../ipc/handlers'
import { ReportsService } from './reports-service'

export function createReports(core: CoreServices) {
  const reports = new ReportsService({ gateway: () => core.environment.client(), now: core.now })
  const handlers: Handlers<typeof reportsChannels> = {
    'reports.payments': (filter) => reports.payments(filter),
    'reports.transfersIn': (filter) => reports.transfersIn(filter),
    'reports.disbursements': (filter) => reports.disbursements(filter),
    'reports.exportCsv': (request) => reports.exportCsv(request),
  }
  return { handlers }
}

export const reportsModule = defineModule({ name: 'reports', create: createReports })
