// One audit log for the shop: every till's staff changes, payout states and decisions, shifts,
// and the events this till refused, in the order the shop server stored them. Above it, per
// till, how its events checked out here (signatures and gaps), in words.
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components'
import { formatDate, formatTime } from '../../lib/format'
import { saySaid } from '../../i18n/errors'
import { DayCard } from './DayCard'
import { auditDay } from './useShopDay'

export function AuditLog() {
  const { t } = useTranslation()
  return (
    <DayCard
      title={t('shop.audit.title')}
      help={t('shop.audit.help')}
      className="shop-audit"
      source={auditDay}
      reading={t('shop.audit.reading')}
    >
      {(audit) => (
        <>
          <ul className="shop-list" aria-label={t('shop.audit.checked')}>
            {audit.tills.map((till) => (
              <li key={till.tillId}>
                <strong>{till.tillName}</strong>
                {till.own ? t('shop.audit.thisTill') : ''}
                {t('shop.audit.tillSep')}
                <Badge tone={till.gap || till.refused > 0 ? 'warning' : 'success'}>
                  {saySaid(till.wordsSay, till.words)}
                </Badge>
              </li>
            ))}
          </ul>
          {audit.entries.length === 0 ? (
            <p className="muted">
              {t('shop.audit.none', { day: formatDate(`${audit.day}T12:00:00`) })}
            </p>
          ) : (
            <table className="shop-table shop-audit__table">
              <caption className="visually-hidden">
                {t('shop.audit.caption', { count: audit.entries.length })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('shop.audit.time')}</th>
                  <th scope="col">{t('shop.audit.till')}</th>
                  <th scope="col">{t('shop.audit.what')}</th>
                  <th scope="col">{t('shop.audit.who')}</th>
                </tr>
              </thead>
              <tbody>
                {audit.entries.map((e) => (
                  <tr
                    key={`${e.tillId}-${e.serverSeq ?? 'local'}-${e.reference}-${e.kind}-${e.when}`}
                    className={e.kind === 'refused' ? 'shop-refused' : undefined}
                  >
                    <td>
                      {formatTime(e.when)}
                      {e.serverSeq === null && (
                        <span className="muted small">{t('shop.audit.notOnServer')}</span>
                      )}
                    </td>
                    <td>{e.tillName}</td>
                    <td>{saySaid(e.whatSay, e.what)}</td>
                    <td>{e.who || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </DayCard>
  )
}
