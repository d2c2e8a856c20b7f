// The shop's day, for supervisors in shop mode: every till's collections by outcome and
// currency, payouts by state, and the payouts waiting for approval on any till (with the till
// that drafted them), plus the day's events as CSV. Figures are what each till has told the
// shop, as last pulled; a till that is offline catches up when it is back.
import { useEffect, useState } from 'react'
import type { ShopOverview, ShopStatusView, ShopTillDay } from '../../../common/ipc/shop'
import { isCurrency, minor, type Minor } from '../../../common/money'
import { Banner, Button, Card, EmptyState, Spinner } from '../../components'
import { countOf, formatMoney, formatWhen } from '../../lib/format'
import { call, messageOf, subscribe } from '../../lib/pos'
import { download } from '../Collect/browser'
import './shop.css'

/** The glossary's word for each outcome and payout state (docs/glossary.md). */
const WORD: Record<string, string> = {
  paid: 'Paid',
  part_paid: 'Part-paid',
  overpaid: 'Overpaid',
  awaiting: 'Waiting',
  cancelled: 'Cancelled',
  awaiting_approval: 'Waiting for approval',
  approved: 'Approved',
  sending: 'Approved',
  submitted: 'Processing',
  success: 'Paid',
  failed: 'Failed',
  reversed: 'Returned',
  rejected: 'Rejected',
  needs_review: 'Needs review',
  unknown: 'Outcome unknown',
  expired: 'Expired',
}
const word = (key: string) => WORD[key] ?? `Status not known (${key})`

/** Integer minor units as text → money in words; never a float, never a guess. */
function money(minorText: string, currency: string): string {
  const value = Number(minorText)
  if (!isCurrency(currency) || !Number.isSafeInteger(value))
    return `${minorText} (minor units, ${currency})`
  return formatMoney(minor(value) as Minor, currency)
}

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

export default function ShopScreen() {
  const [status, setStatus] = useState<ShopStatusView | null>(null)
  const [overview, setOverview] = useState<ShopOverview | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    const load = () =>
      call('shop.status').then(
        async (next) => {
          setStatus(next)
          if (next.mode === 'shop') setOverview(await call('shop.overview'))
        },
        (error: unknown) => setProblem(messageOf(error)),
      )
    void load()
    const timer = window.setInterval(() => void load(), 15_000)
    const off = subscribe('shop.status', setStatus)
    return () => {
      window.clearInterval(timer)
      off()
    }
  }, [])

  const exportCsv = async () => {
    try {
      const file = await call('shop.exportCsv')
      download(new Blob([file.csv], { type: 'text/csv' }), file.fileName)
    } catch (error) {
      setProblem(messageOf(error))
    }
  }

  if (problem) return <Banner tone="danger" title={problem} />
  if (!status) return <Spinner label="Loading the shop" />
  if (status.mode === 'single')
    return (
      <EmptyState icon="outbox" title="This till works on its own">
        Shop mode shares the day&apos;s figures and the payouts waiting for approval between the
        tills of a shop. An admin turns it on in Settings → Shop.
      </EmptyState>
    )
  return (
    <div className="screen shop" data-testid="shop">
      <Banner tone={status.sync === 'online' ? 'success' : 'warning'}>{status.message}</Banner>
      <Card
        title="Waiting for approval on any till"
        description="Approve on the till that drafted the payout: only that till ever sends it."
        actions={
          <Button size="sm" onClick={() => void exportCsv()}>
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
    </div>
  )
}
