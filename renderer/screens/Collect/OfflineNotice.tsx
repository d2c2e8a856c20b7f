// Says plainly when the gateway can't be reached, what still works, and when the till tries
// again; then that it is back and how many transfers it caught up on.
import { Trans, useTranslation } from 'react-i18next'
import { formatTime } from '../../lib/format'
import { Banner } from '../../components'
import { sayOffline } from '../../i18n/errors'
import { useCollections } from '../../store/collections'

export function OfflineNotice() {
  const status = useCollections((s) => s.status)
  const back = useCollections((s) => s.backOnline)
  const { t } = useTranslation()

  if (status && !status.online) {
    const next = status.nextAttemptAt ? formatTime(status.nextAttemptAt) : null
    return (
      <Banner tone="warning" title={t('collect.offline.title')} className="offline-notice">
        {status.offlineReason && <p>{sayOffline(status.offlineReason)}</p>}
        <p>
          <Trans t={t} i18nKey="collect.offline.works" components={{ strong: <strong /> }} />
        </p>
        <p>{next ? t('collect.offline.tryingAt', { time: next }) : t('collect.offline.trying')}</p>
      </Banner>
    )
  }
  if (back !== null) {
    const n = back.caughtUp
    return (
      <Banner tone="success" title={t('collect.offline.back')}>
        {n > 0 ? t('collect.offline.caughtUp', { count: n }) : t('collect.offline.noneArrived')}
      </Banner>
    )
  }
  return null
}
