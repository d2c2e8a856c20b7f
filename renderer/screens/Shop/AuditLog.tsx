// One audit log for the shop: every till's staff changes, payout states and decisions, shifts,
// and the events this till refused, in the order the shop server stored them. Above it, per
// till, how its events checked out here (signatures and gaps), in words.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ShopAudit } from '../../../common/ipc/shop'
import { Badge, Banner, Button, Card, DateField, Spinner } from '../../components'
import { formatDate, formatTime } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { saveCsv } from './words'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function AuditLog() {
  const { t } = useTranslation()
  // '' is today as main reads it (in the shifts' time zone); the field then shows that day.
  const [day, setDay] = useState('')
  // Each answer is kept with its day, so a slow answer for another day never shows.
  const [loaded, setLoaded] = useState<{ day: string; audit: ShopAudit } | null>(null)
  const [failed, setFailed] = useState<{ day: string; message: string } | null>(null)
  const [saveProblem, setSaveProblem] = useState<string | null>(null)
  const audit = loaded?.day === day ? loaded.audit : null
  const problem = saveProblem ?? (failed?.day === day ? failed.message : null)

  useEffect(() => {
    if (day !== '' && !DAY.test(day)) return
    let live = true
    call('shop.audit', day ? { day } : undefined).then(
      (next) => live && setLoaded({ day, audit: next }),
      (error: unknown) => live && setFailed({ day, message: messageOf(error) }),
    )
    return () => {
      live = false
    }
  }, [day])

  const exportCsv = async () => {
    try {
      saveCsv(await call('shop.auditCsv', day ? { day } : undefined))
      setSaveProblem(null)
    } catch (error) {
      setSaveProblem(messageOf(error))
    }
  }

  return (
    <Card title={t('shop.audit.title')} description={t('shop.audit.help')} className="shop-audit">
      <div className="shop-toolbar">
        <DateField
          label={t('shop.z.day')}
          value={day || (audit?.day ?? '')}
          onChange={(event) => setDay(event.target.value)}
        />
        <Button variant="ghost" onClick={() => void exportCsv()} disabled={!audit}>
          {t('shop.z.saveCsv')}
        </Button>
      </div>
      {problem && <Banner tone="danger" title={problem} />}
      {!audit && !problem && <Spinner label={t('shop.audit.reading')} />}
      {audit && (
        <>
          <ul className="shop-list" aria-label={t('shop.audit.checked')}>
            {audit.tills.map((till) => (
              <li key={till.tillId}>
                <strong>{till.tillName}</strong>
                {till.own ? t('shop.audit.thisTill') : ''}:{' '}
                <Badge tone={till.gap || till.refused > 0 ? 'warning' : 'success'}>
                  {till.words}
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
                    <td>{e.what}</td>
                    <td>{e.who || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </Card>
  )
}
