// Under the idle lock times: whether locking the computer's screen signs out of Tilldesk at
// this computer (on Linux it needs logind over D-Bus, which may be missing), and whether the
// OS reports idle time at all. Main knows; this only says it in words.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AutoLockInfo } from '../../../common/ipc/session'
import { call } from '../../lib/pos'

export function ScreenLockNote() {
  const { t } = useTranslation()
  const [info, setInfo] = useState<AutoLockInfo | null>(null)

  useEffect(() => {
    let live = true
    // The Linux watcher answers within a second or two of start, and restarts if it stops:
    // look again until the answer is settled.
    const timer = window.setInterval(() => void load(), 5_000)
    const load = () =>
      call('session.autoLockInfo').then(
        (next) => {
          if (!live) return
          setInfo(next)
          if (next.osScreenLock !== 'checking' && next.osScreenLockReason !== 'stopped')
            window.clearInterval(timer)
        },
        // Not an admin, or main unreachable: nothing to say.
        () => undefined,
      )
    void load()
    return () => {
      live = false
      window.clearInterval(timer)
    }
  }, [])

  if (!info) return null
  return (
    <div className="field__hint screen-lock-note" data-testid="screen-lock-note" role="status">
      {info.osScreenLock === 'unavailable' ? (
        <p>
          <strong>{t('idleLock.osLock.unavailable')}</strong>{' '}
          {info.osScreenLockReason ? t(`idleLock.osLock.reasons.${info.osScreenLockReason}`) : ''}
        </p>
      ) : (
        <p>
          {info.osScreenLock === 'checking'
            ? t('idleLock.osLock.checking')
            : t('idleLock.osLock.signsOut')}
        </p>
      )}
      {info.osIdle === 'unknown' && <p>{t('idleLock.osIdleUnknown')}</p>}
    </div>
  )
}
