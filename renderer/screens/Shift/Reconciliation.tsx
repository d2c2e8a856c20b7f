// The Z-report's reconciliation line: whether its period reconciled with the gateway when the
// shift closed, as sealed with it. Reconciled; N differences, with the way to the Reconcile
// screen for that day; or not complete, with why (main's words, in the till's language). A
// cashier is told a supervisor can look at it there (the screen is theirs).
import { useTranslation } from 'react-i18next'
import type { ZReconciliation } from '../../../common/ipc/reconcile'
import { Badge, type Tone } from '../../components'
import { formatDate } from '../../lib/format'

const TONE: Record<ZReconciliation['status'], Tone> = {
  reconciled: 'success',
  differences: 'danger',
  incomplete: 'warning',
  not_checked: 'warning',
}

/** The day the period closed on, on this computer's calendar (the Reconcile screen's days). */
function localDay(iso: string): string {
  const d = new Date(iso)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

export function ReconciliationLine({
  reconciliation,
  canOpen,
}: {
  reconciliation: ZReconciliation
  /** The viewer may open the Reconcile screen (supervisors and admins). */
  canOpen: boolean
}) {
  const { t, i18n } = useTranslation()
  const r = reconciliation
  const status =
    r.status === 'differences'
      ? t('shift.reconciliation.differences', { count: r.differences })
      : r.status === 'not_checked'
        ? t('shift.reconciliation.notChecked')
        : t(`shift.reconciliation.${r.status}`)
  const day = localDay(r.to)
  return (
    <section
      className="shift-reconciliation"
      aria-label={t('shift.reconciliation.title')}
      data-testid="shift-reconciliation"
    >
      <h3>{t('shift.reconciliation.title')}</h3>
      <p>
        <Badge tone={TONE[r.status]}>{status}</Badge>{' '}
        <span>{i18n.language === 'fr' ? r.summary.fr : r.summary.en}</span>
      </p>
      {r.status !== 'reconciled' &&
        (canOpen ? (
          <a className="shift-reconciliation__open no-print" href={`#/reconcile/${day}`}>
            {t('shift.reconciliation.open', { day: formatDate(r.to) })}
          </a>
        ) : (
          <p className="muted small no-print">{t('shift.reconciliation.askSupervisor')}</p>
        ))}
    </section>
  )
}
