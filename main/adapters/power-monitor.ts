// Electron's powerMonitor behind the PowerSource port (session/auto-lock.ts): OS idle time,
// screen lock (macOS, Windows) and suspend. Nothing else: the decisions are in plain Node.
import { powerMonitor } from 'electron'
import type { PowerSource } from '../session/auto-lock'

export const electronPowerSource = (): PowerSource => ({
  idleSeconds: () => powerMonitor.getSystemIdleTime(),
  onLockScreen(listener) {
    powerMonitor.on('lock-screen', listener)
    return () => powerMonitor.off('lock-screen', listener)
  },
  onSuspend(listener) {
    powerMonitor.on('suspend', listener)
    return () => powerMonitor.off('suspend', listener)
  },
})
