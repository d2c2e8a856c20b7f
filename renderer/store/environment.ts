// Active environment and till status for banners and the status bar.
import { create } from 'zustand'
import type { EnvironmentState, TillStatus } from '../../common/ipc'
import { call, subscribe } from '../lib/pos'

interface EnvironmentStore {
  environment: EnvironmentState | null
  status: TillStatus | null
  /** False while the bridge to main is down (preview reconnecting). */
  bridgeUp: boolean
  refresh(): Promise<void>
}

export const useEnvironment = create<EnvironmentStore>((set) => ({
  environment: null,
  status: null,
  bridgeUp: true,
  async refresh() {
    try {
      const [environment, status] = await Promise.all([call('environment.get'), call('status.get')])
      set({ environment, status, bridgeUp: true })
    } catch {
      set({ bridgeUp: false })
    }
  },
}))

export function connectEnvironment(): () => void {
  const offEnvironment = subscribe('environment.changed', (environment) =>
    useEnvironment.setState({ environment }),
  )
  const offStatus = subscribe('status.changed', (status) => useEnvironment.setState({ status }))
  return () => {
    offEnvironment()
    offStatus()
  }
}
