// Today across the shop: every till's collections by outcome and currency, payouts by state,
// and the payouts waiting for approval on any till (with the till that drafted them), plus the
// day's events as CSV. Figures are what each till has told the shop, as last pulled.
import type { ShopOverview, ShopTillDay } from '../../../common/ipc/shop'
import { Button, Card, Spinner } from '../../components'
import { countOf, formatWhen } from '../../lib/format'
import { money, word } from './words'

function TillCard({ till }: { till: ShopTillDay }) {
  const payouts = Object.entries(till.payouts)
  return (
    <Card title={till.tillName}>
      {till.collections.length === 0 ? (
        <p className="muted">No charges closed today.</p>
      ) : (
        <table className="shop-table">
          <caption className="visually-hidden">Collections at {till.tillName}</caption>
          <thead>
            <tr>
              <th scope="col">Charges</th>
              <th scope="col" className="num">
                Count
              </th>
              <th scope="col" className="num">
                Due
              </th>
              <th scope="col" className="num">
                Received
              </th>
            </tr>
          </thead>
          <tbody>
            {till.collections.map((row) => (
              <tr key={`${row.currency}-${row.outcome}`}>
                <th scope="row">{word(row.outcome)}</th>
                <td className="num">{row.count}</td>
                <td className="num">{money(row.dueMinor, row.currency)}</td>
                <td className="num">{money(row.receivedMinor, row.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="shop-payouts">
        {payouts.length === 0
          ? 'No payouts today.'
          : `Payouts: ${payouts.map(([state, n]) => `${word(state)} ${n}`).join(' · ')}`}
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
  return (
    <>
      <Card
        title="Waiting for approval on any till"
        description="Approve on the till that drafted the payout: only that till ever sends it."
        actions={
          <Button size="sm" onClick={onExport}>
            Download the day as CSV
          </Button>
        }
      >
        {!overview ? (
          <Spinner label="Loading the day" />
        ) : overview.waiting.length === 0 ? (
          <p className="muted">Nothing waits for approval.</p>
        ) : (
          <ul className="shop-waiting">
            {overview.waiting.map((w) => (
              <li key={`${w.tillId}-${w.reference}`}>
                <strong>{money(w.amountMinor, w.currency)}</strong> to {w.accountName}, {w.bankName}
                <span className="muted">
                  {' '}
                  · {w.narration || 'no narration'} · drafted by {w.maker} at {w.tillName},{' '}
                  {formatWhen(w.at)} · {w.reference}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {overview &&
        (overview.tills.length === 0 ? (
          <p className="muted">No till has closed a charge or sent a payout today.</p>
        ) : (
          <>
            <h2 className="shop-day">Today by till · {countOf(overview.tills.length, 'till')}</h2>
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
