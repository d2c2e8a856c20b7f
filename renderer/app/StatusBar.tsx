// The bottom bar: environment, connectivity, outbox, till, user, time — readable at a glance.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PublicUser } from '../../common/ipc'
import { Icon } from '../components'
import { sayOffline } from '../i18n/errors'
import { formatTime } from '../lib/format'
import { useEnvironment } from '../store/environment'
import { ShopStatusItem } from './ShopStatusItem'

const CONNECTIVITY_ICON = { online: 'online', offline: 'offline', unknown: 'online' } as const

export function StatusBar({
  user,
  tillName,
  approvalsWaiting = 0,
}: {
  user: PublicUser
  tillName: string
  /** Payouts waiting for this supervisor's decision. */
  approvalsWaiting?: number
}) {
  const { environment, status, bridgeUp } = useEnvironment()
  const { t } = useTranslation()
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 15_000)
    return () => window.clearInterval(timer)
  }, [])
  const env = environment?.environment
  const connectivity = bridgeUp ? (status?.connectivity ?? 'unknown') : 'offline'
  // With nothing configured there is nothing to check; say so instead of "Checking…".
  const label =
    connectivity === 'unknown' && environment?.notReady
      ? t('app.status.notSetUp')
      : t(`app.status.${connectivity}`)
  const outbox = status?.outbox ?? { pending: 0, failed: 0 }
  const reason = status?.offlineReason ?? environment?.notReady ?? null

  return (
    <footer className="statusbar" aria-label={t('app.status.label')}>
      {env && (
        <span className={`statusbar__env statusbar__env--${env}`} data-testid="status-environment">
          {t(`environment.${env}`).toLocaleUpperCase()}
        </span>
      )}
      {/* The items wrap onto a second line beside the environment when they don't fit one. */}
      <div className="statusbar__items">
        <span
          className={`statusbar__item statusbar__conn statusbar__conn--${connectivity}`}
          title={reason ? sayOffline(reason) : undefined}
          data-testid="status-connectivity"
        >
          <Icon name={CONNECTIVITY_ICON[connectivity]} size={16} />
          {label}
        </span>
        <span className="statusbar__item" data-testid="status-outbox">
          <Icon name="outbox" size={16} />
          {/* One run of text: the item's gap is for the icon, not before the comma. */}
          <span>
            {t('app.status.outbox', { pending: outbox.pending })}
            {outbox.failed > 0 && (
              <span className="statusbar__failed">
                {t('app.status.outboxFailed', { count: outbox.failed })}
              </span>
            )}
          </span>
        </span>
        {approvalsWaiting > 0 && (
          <a
            className="statusbar__item statusbar__approvals"
            href="#/approvals"
            data-testid="status-approvals"
          >
            <Icon name="approvals" size={16} />
            {t('app.status.approvalsWaiting', { count: approvalsWaiting })}
          </a>
        )}
        <ShopStatusItem />
        <span className="statusbar__spacer" />
        <span className="statusbar__item statusbar__who">{tillName}</span>
        <span className="statusbar__item statusbar__who" data-testid="status-user">
          <Icon name="user" size={16} />
          {user.name} · {t(`roles.${user.role}`)}
        </span>
        <time className="statusbar__item statusbar__time" dateTime={now.toISOString()}>
          {formatTime(now)}
        </time>
      </div>
    </footer>
  )
}
