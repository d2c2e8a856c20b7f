// The transfers main attributed to a charge: counted, processing, or failed (shown, never
// counted). Amounts are formatted, never added up here.
import { formatWhen } from '../../lib/format'
import { formatMoney } from '../../../common/money'
import type { ChargeView } from '../../../common/ipc/collections'
import { Badge, type Tone } from '../../components'

const STATUS: Record<string, { label: string; tone: Tone }> = {
  success: { label: 'Received', tone: 'success' },
  processing: { label: 'Processing', tone: 'info' },
  failed: { label: 'Failed: not counted', tone: 'danger' },
}

export function TransferList({ charge }: { charge: ChargeView }) {
  if (charge.transfers.length === 0) return null
  return (
    <section className="transfer-list" aria-labelledby="transfers-title">
      <h2 id="transfers-title">Transfers for this charge</h2>
      <ul>
        {charge.transfers.map((t) => {
          const status = STATUS[t.status] ?? { label: t.status, tone: 'neutral' as Tone }
          const other = charge.reconciliation.otherCurrency.includes(t.reference)
          return (
            <li
              key={t.reference}
              className={`transfer transfer--${t.status}`}
              data-testid="transfer-row"
            >
              <span className="transfer__amount">{formatMoney(t.amount, t.currency)}</span>
              <Badge tone={other ? 'warning' : status.tone}>
                {other ? 'Other currency: not counted' : status.label}
              </Badge>
              <span className="transfer__ref">{t.reference}</span>
              <time className="transfer__time" dateTime={t.createdAt}>
                {formatWhen(t.createdAt)}
              </time>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
