// Reconcile, for supervisors and admins: one day's gateway lists matched to what Tilldesk
// recorded (in a shop, every till's), the totals per list and currency, and each difference in
// words with what to do. Main does the matching and writes the words in both languages; this
// screen picks the till's language. Saved as CSV, or as a PDF a bookkeeper can file.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type {
  ReconcileDifference,
  ReconcileReport,
  ReconcileSource,
  ReconcileTotal,
} from '../../../common/ipc/reconcile'
import { isCurrency, minorFromText } from '../../../common/money'
import { Badge, Banner, Button, Card, DateField, Spinner, type Tone } from '../../components'
import { DataTable, StatTile, StatTiles } from '../../components/kit'
import { formatDateTime, formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { download } from '../Collect/browser'
import '../Payments/gateway.css'
import './reconcile.css'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** Today in the computer's zone (main checks the day against the till's zone). */
function today(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

const STATUS_TONE: Record<ReconcileReport['status'], Tone> = {
  reconciled: 'success',
  differences: 'danger',
  incomplete: 'warning',
}

const KIND_TONE: Record<ReconcileDifference['kind'], Tone> = {
  gateway_only: 'danger',
  till_only: 'danger',
  amount: 'danger',
  status: 'warning',
}

function money(minorText: string, currency: string): string {
  const value = minorFromText(minorText)
  return value !== null && isCurrency(currency)
    ? formatMoney(value, currency)
    : `${minorText} ${currency}`
}

export default function ReconcileScreen() {
  const { t, i18n } = useTranslation()
  const language = i18n.language === 'fr' ? 'fr' : 'en'
  // #/reconcile/<day>: a Z-report's reconciliation line opens its day here.
  const asked = useNavigation((store) => store.route.rest[0])
  const askedDay = asked && DAY.test(asked) ? asked : null
  const [day, setDay] = useState(() => askedDay ?? today())
  const [report, setReport] = useState<ReconcileReport | null>(null)
  const [running, setRunning] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  const run = async () => {
    if (!DAY.test(day)) return
    setRunning(true)
    setProblem(null)
    setSaved(null)
    try {
      setReport(await call('reconcile.run', { day }))
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setRunning(false)
    }
  }

  // A new day in the route becomes the field's day (set while rendering, React's way to
  // follow a prop); checking it reads the gateway's lists, so it waits for the press.
  const [shownAsked, setShownAsked] = useState(askedDay)
  if (askedDay !== shownAsked) {
    setShownAsked(askedDay)
    if (askedDay) setDay(askedDay)
  }
  const save = async (format: 'csv' | 'pdf') => {
    if (!report) return
    setProblem(null)
    try {
      const doc = await call('reconcile.export', { day: report.day, format, language })
      const blob = doc.base64
        ? new Blob([Uint8Array.from(atob(doc.base64), (c) => c.charCodeAt(0))], {
            type: doc.mediaType,
          })
        : new Blob([doc.text ?? ''], { type: `${doc.mediaType};charset=utf-8` })
      download(blob, doc.filename)
      setSaved(t('reconcile.saved', { file: doc.filename }))
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  const source = (s: ReconcileSource) => t(`reconcile.sources.${s}`)

  return (
    <div className="reconcile" data-testid="reconcile">
      <Card title={t('reconcile.title')} description={t('reconcile.help')}>
        <div className="reconcile-toolbar">
          <DateField
            label={t('reconcile.day')}
            value={day}
            onChange={(event) => setDay(event.target.value)}
          />
          <Button onClick={() => void run()} disabled={running || !DAY.test(day)}>
            {t('reconcile.run')}
          </Button>
          <Button variant="ghost" onClick={() => void save('csv')} disabled={!report || running}>
            {t('reconcile.saveCsv')}
          </Button>
          <Button variant="ghost" onClick={() => void save('pdf')} disabled={!report || running}>
            {t('reconcile.savePdf')}
          </Button>
        </div>
        {problem && <Banner tone="danger" title={problem} />}
        {saved && <Banner tone="success" title={saved} />}
        {running && <Spinner label={t('reconcile.running')} />}
      </Card>
      {report && !running && (
        <>
          <Card title={t('reconcile.resultTitle', { day: report.day })}>
            <p
              className="reconcile-status"
              data-testid="reconcile-status"
              data-status={report.status}
            >
              <Badge tone={STATUS_TONE[report.status]}>
                {t(`reconcile.status.${report.status}`)}
              </Badge>{' '}
              {t(`reconcile.statusHelp.${report.status}`)}
            </p>
            <StatTiles>
              <StatTile label={t('reconcile.matched')} value={report.matched} emphasis />
              <StatTile label={t('reconcile.differences')} value={report.differences.length} />
              <StatTile
                label={t('reconcile.scope')}
                value={
                  report.scope === 'shop'
                    ? t('reconcile.scopeShop', { count: report.tills.length })
                    : report.tills.join(', ')
                }
              />
            </StatTiles>
            <p className="muted small">
              {t('reconcile.checkedAt', {
                when: formatDateTime(report.checkedAt),
                zone: report.timeZone,
              })}
            </p>
            <DataTable<ReconcileTotal>
              caption={t('reconcile.totals')}
              rowHeaders
              rows={report.totals}
              className="gw-table reconcile-totals"
              rowKey={(r) => `${r.source}|${r.currency}`}
              empty={t('reconcile.noRecords')}
              columns={[
                {
                  header: t('reconcile.list'),
                  cell: (r) =>
                    t('reconcile.listIn', { list: source(r.source), currency: r.currency }),
                },
                { header: t('reconcile.matched'), align: 'end', cell: (r) => r.matched },
                { header: t('reconcile.atGateway'), align: 'end', cell: (r) => r.gatewayCount },
                { header: t('reconcile.inTilldesk'), align: 'end', cell: (r) => r.tillCount },
                {
                  header: t('reconcile.settledGateway'),
                  align: 'end',
                  cell: (r) => money(r.gatewaySettledMinor, r.currency),
                },
                {
                  header: t('reconcile.settledTilldesk'),
                  align: 'end',
                  cell: (r) => money(r.tillSettledMinor, r.currency),
                },
              ]}
            />
          </Card>
          <Card title={t('reconcile.differencesTitle', { count: report.differences.length })}>
            {report.differences.length === 0 ? (
              <p>{t('reconcile.noDifferences')}</p>
            ) : (
              <ul className="reconcile-list" data-testid="reconcile-differences">
                {report.differences.map((d) => (
                  <li key={`${d.kind}|${d.source}|${d.reference}`} className="reconcile-item">
                    <p className="reconcile-item__head">
                      <Badge tone={KIND_TONE[d.kind]}>{t(`reconcile.kinds.${d.kind}`)}</Badge>{' '}
                      <strong>{source(d.source)}</strong>{' '}
                      <span className="mono small">{d.reference}</span>
                    </p>
                    <p>{d.what[language]}</p>
                    <p>
                      <strong>{t('reconcile.todo')}</strong> {d.todo[language]}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {report.notes.length > 0 && (
              <>
                <h3 className="reconcile-notes__title">{t('reconcile.notes')}</h3>
                <ul className="reconcile-notes">
                  {report.notes.map((n) => (
                    <li key={n.en}>{n[language]}</li>
                  ))}
                </ul>
              </>
            )}
          </Card>
        </>
      )}
    </div>
  )
}
