// Offline and not-configured warnings, and the open-shift reminder, shown above every screen.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShiftReminder } from '../../common/ipc/shifts'
import { Banner, Button } from '../components'
import { sayOffline } from '../i18n/errors'
import { formatWhen } from '../lib/format'
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
  const { t } = useTranslation()
  return (
    <div className="banners">
      {reminder && !onShift && (
        <Banner
          tone="warning"
          title={t('app.banners.shiftOpen')}
          actions={
            <Button size="sm" onClick={() => go('shift')}>
              {t('app.banners.openShift')}
            </Button>
          }
        >
          {t('doc.notify.shiftOpen', {
            name: reminder.openedBy.name,
            openedAt: formatWhen(reminder.openedAt),
            endAt: formatWhen(reminder.endOfDayAt),
          })}
        </Banner>
      )}
      {!bridgeUp && (
        <Banner tone="danger" title={t('app.banners.bridgeLost')}>
          {t('app.banners.reconnecting')}
        </Banner>
      )}
      {environment?.notReady && (
        <Banner
          tone="warning"
          title={t('app.banners.notSetUp')}
          actions={
            role === 'admin' ? (
              <Button size="sm" onClick={() => go('settings')}>
                {t('app.banners.openSettings')}
              </Button>
            ) : undefined
          }
        >
          {sayOffline(environment.notReady)}
          {role !== 'admin' && ` ${t('app.banners.askAdmin')}`}
        </Banner>
      )}
      {!environment?.notReady && !hideOffline && status?.connectivity === 'offline' && (
        <Banner tone="warning" title={t('app.banners.offline')}>
          {status.offlineReason ? sayOffline(status.offlineReason) : t('app.banners.checkNetwork')}{' '}
          {t('app.banners.offlineWorks')}
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
