// Today across the shop: every till's collections by outcome and currency, payouts by state,
// and the payouts waiting for approval on any till (with the till that drafted them), plus the
// day's events as CSV. Figures are what each till has told the shop, as last pulled.
import { useTranslation } from 'react-i18next'
import type { ShopOverview, ShopTillDay } from '../../../common/ipc/shop'
import { Button, Card, Spinner } from '../../components'
import { DayCharts } from '../../components/charts/DayCharts'
import { DataTable } from '../../components/kit'
import { formatWhen } from '../../lib/format'
import { money, word } from './words'

function TillCard({ till }: { till: ShopTillDay }) {
  const { t } = useTranslation()
  const payouts = Object.entries(till.payouts)
  return (
    <Card title={till.tillName}>
      <DataTable
        className="shop-table"
        caption={t('shop.today.collectionsAt', { till: till.tillName })}
        captionHidden
        rowHeaders
        rows={till.collections}
        rowKey={(row) => `${row.currency}-${row.outcome}`}
        empty={t('shop.today.noCharges')}
        columns={[
          { header: t('shop.today.charges'), cell: (row) => word(row.outcome) },
          { header: t('shop.today.count'), align: 'end', cell: (row) => row.count },
          {
            header: t('shop.today.due'),
            align: 'end',
            cell: (row) => money(row.dueMinor, row.currency),
          },
          {
            header: t('shop.today.received'),
            align: 'end',
            cell: (row) => money(row.receivedMinor, row.currency),
          },
        ]}
      />
      <p className="shop-payouts">
        {payouts.length === 0
          ? t('shop.today.noPayouts')
          : t('shop.today.payouts', {
              list: payouts.map(([state, n]) => `${word(state)} ${n}`).join(' · '),
            })}
      </p>
    </Card>
  )
}

export function Today({
  overview,
  onExport,
}: {
  overview: ShopOverview | null
  onExport: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <Card
        title={t('shop.today.waitingTitle')}
        description={t('shop.today.waitingHelp')}
        actions={
          <Button size="sm" onClick={onExport}>
            {t('shop.today.download')}
          </Button>
        }
      >
        {!overview ? (
          <Spinner label={t('shop.today.loading')} />
        ) : overview.waiting.length === 0 ? (
          <p className="muted">{t('shop.today.nothingWaits')}</p>
        ) : (
          <ul className="shop-waiting">
            {overview.waiting.map((w) => (
              <li key={`${w.tillId}-${w.reference}`}>
                {/* Names typed by people stay plain text, never inside a <Trans> sentence. */}
                <strong>{money(w.amountMinor, w.currency)}</strong>{' '}
                {t('shop.today.to', { name: w.accountName, bank: w.bankName })}
                <span className="muted">
                  {t('shop.today.details', {
                    narration: w.narration || t('shop.today.noNarration'),
                    maker: w.maker,
                    till: w.tillName,
                    when: formatWhen(w.at),
                    reference: w.reference,
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {overview && overview.tills.length > 0 && (
        <Card title={t('charts.title')}>
          <DayCharts hours={overview.hours} />
        </Card>
      )}
      {overview &&
        (overview.tills.length === 0 ? (
          <p className="muted">{t('shop.today.noTills')}</p>
        ) : (
          <>
            <h2 className="shop-day">{t('shop.today.byTill', { count: overview.tills.length })}</h2>
            <div className="shop-tills">
              {overview.tills.map((till) => (
                <TillCard key={till.tillId} till={till} />
              ))}
            </div>
          </>
        ))}
    </>
  )
}
