import type { environmentChannels } from '../../common/ipc/environment'
import type { Handlers } from '../ipc/handlers'
import { testConnection } from './connection-test'
import type { ConnectivityMonitor } from './connectivity'
import type { EnvironmentService } from './environment'
import type { TillStatusService } from './status'

export const environmentHandlers = (deps: {
  environment: EnvironmentService
  status: TillStatusService
  connectivity: ConnectivityMonitor
}): Handlers<typeof environmentChannels> => ({
  'environment.get': () => deps.environment.state(),
  'environment.switch': async (input) => {
    const state = await deps.environment.switchTo(input.environment, input.confirm)
    void deps.connectivity.check()
    return state
  },
  'environment.testConnection': async () => {
    const report = await testConnection({ environment: deps.environment })
    const reachable = report.checks.find((check) => check.id === 'reachable')
    if (reachable?.status === 'pass') deps.status.reportConnectivity('online')
    else if (reachable?.status === 'fail')
      deps.status.reportConnectivity('offline', reachable.detail)
    return report
  },
  'status.get': () => deps.status.get(),
})
