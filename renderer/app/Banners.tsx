// Offline and not-configured warnings, and the open-shift reminder, shown above every screen.
import { useEffect, useState } from 'react'
import type { ShiftReminder } from '../../common/ipc/shifts'
import { Banner, Button } from '../components'
import { call, subscribe } from '../lib/pos'
import { useEnvironment } from '../store/environment'
import { useNavigation } from '../store/navigation'
import { useSession } from '../store/session'

export function Banners({ hideOffline = false }: { hideOffline?: boolean }) {
  const { environment, status, bridgeUp } = useEnvironment()
  const role = useSession((store) => store.state?.user?.role)
  const go = useNavigation((store) => store.go)
  const reminder = useShiftReminder()
  const onShift = useNavigation((store) => store.route.screen === 'shift')
  return (
    <div className="banners">
      {reminder && !onShift && (
        <Banner
          tone="warning"
          title="A shift is still open after the end of the day"
          actions={
            <Button size="sm" onClick={() => go('shift')}>
              Open Shift
            </Button>
          }
        >
          {reminder.message}
        </Banner>
      )}
      {!bridgeUp && (
        <Banner tone="danger" title="Lost contact with Tilldesk’s background service">
          Reconnecting… Nothing you entered is lost.
        </Banner>
      )}
      {environment?.notReady && (
        <Banner
          tone="warning"
          title="The gateway is not set up"
          actions={
            role === 'admin' ? (
              <Button size="sm" onClick={() => go('settings')}>
                Open Settings
              </Button>
            ) : undefined
          }
        >
          {environment.notReady}
          {role !== 'admin' && ' Ask an admin to finish the setup.'}
        </Banner>
      )}
      {!environment?.notReady && !hideOffline && status?.connectivity === 'offline' && (
        <Banner tone="warning" title="Offline: the gateway can’t be reached">
          {status.offlineReason ?? 'Check the network connection.'} Screens that only read saved
          data still work; new requests wait until the connection returns.
        </Banner>
      )}
    </div>
  )
}

/** The end-of-day reminder while a shift is left open; main decides when it applies. */
function useShiftReminder(): ShiftReminder | null {
  const [reminder, setReminder] = useState<ShiftReminder | null>(null)
  useEffect(() => {
    let live = true
    call('shifts.status').then(
      (status) => live && setReminder(status.reminder),
      () => undefined,
    )
    const offChanged = subscribe('shifts.changed', (status) => setReminder(status.reminder))
    const offReminder = subscribe('shifts.reminder', setReminder)
    return () => {
      live = false
      offChanged()
      offReminder()
    }
  }, [])
  return reminder
}
