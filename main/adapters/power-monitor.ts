// Electron's powerMonitor behind the PowerSource port (session/auto-lock.ts): OS idle time,
// screen lock and suspend. Electron's `lock-screen` fires on macOS and Windows only, so on
// Linux the screen lock comes from logind over D-Bus (session/linux-screen-lock.ts), which
// fails soft and says why. Nothing else: the decisions are in plain Node.
import { powerMonitor } from 'electron'
import type { Logger } from '../kernel/log'
import type { PowerSource } from '../session/auto-lock'
import { LinuxScreenLock } from '../session/linux-screen-lock'

export const electronPowerSource = (log: Logger): PowerSource => {
  const linux = process.platform === 'linux' ? new LinuxScreenLock({ log }) : null
  return {
    idleSeconds: () => powerMonitor.getSystemIdleTime(),
    onLockScreen(listener) {
      powerMonitor.on('lock-screen', listener)
      const offLinux = linux?.onLock(listener)
      return () => {
        powerMonitor.off('lock-screen', listener)
        offLinux?.()
      }
    },
    onSuspend(listener) {
      powerMonitor.on('suspend', listener)
      return () => powerMonitor.off('suspend', listener)
    },
    screenLock: () => linux?.status() ?? { state: 'signs_out' },
  }
}
