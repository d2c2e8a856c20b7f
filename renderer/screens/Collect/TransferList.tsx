// The transfers main attributed to a charge: counted, processing, or failed (shown, never
// counted). Amounts are formatted, never added up here.
import { useTranslation } from 'react-i18next'
import { formatMoney, formatWhen } from '../../lib/format'
import type { ChargeView } from '../../../common/ipc/collections'
import { Badge, type Tone } from '../../components'

// The gateway's words for a transfer in, and ours (docs/glossary.md): `success` is Received.
const STATUS = {
  success: { key: 'status.received', tone: 'success' },
  processing: { key: 'status.processing', tone: 'info' },
  failed: { key: 'collect.transfers.failed', tone: 'danger' },
} as const satisfies Record<string, { key: string; tone: Tone }>
const known = (status: string): status is keyof typeof STATUS => Object.hasOwn(STATUS, status)

export function TransferList({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation()
  if (charge.transfers.length === 0) return null
  return (
    <section className="transfer-list" aria-labelledby="transfers-title">
      <h2 id="transfers-title">{t('collect.transfers.title')}</h2>
      <ul>
        {charge.transfers.map((transfer) => {
          // A status the gateway added later shows as it came: never a guess.
          const status = known(transfer.status)
            ? { label: t(STATUS[transfer.status].key), tone: STATUS[transfer.status].tone }
            : { label: transfer.status, tone: 'neutral' as Tone }
          const other = charge.reconciliation.otherCurrency.includes(transfer.reference)
          return (
            <li
              key={transfer.reference}
              className={`transfer transfer--${transfer.status}`}
              data-testid="transfer-row"
            >
              <span className="transfer__amount">
                {formatMoney(transfer.amount, transfer.currency)}
              </span>
              <Badge tone={other ? 'warning' : status.tone}>
                {other ? t('collect.transfers.otherCurrency') : status.label}
              </Badge>
              <span className="transfer__ref">{transfer.reference}</span>
              <time className="transfer__time" dateTime={transfer.createdAt}>
                {formatWhen(transfer.createdAt)}
              </time>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
