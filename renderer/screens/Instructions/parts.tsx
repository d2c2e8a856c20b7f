// Pieces the cashier's instructions screen and the customer display share: the grouped account
// number, the QR code of the payment details, the waiting clock, and the payment headline.
import { useEffect, useMemo, useState } from 'react'
import QRCode from 'qrcode'
import type { ChargeView } from '../../../common/ipc/collections'
import { t } from '../../i18n'
import { formatMoney } from '../../lib/format'

export { groupDigits } from '../../lib/format'

/** The text a phone camera shows when the customer scans the code. */
export function paymentDetailsText(charge: ChargeView): string {
  const amount =
    charge.reconciliation.status === 'part_paid'
      ? charge.reconciliation.balanceDue
      : charge.amountDue
  return [
    t('instructions.qr.pay', { amount: formatMoney(amount, charge.currency) }),
    `${t('instructions.bank')}: ${charge.account.bankName}`,
    `${t('instructions.accountNumber')}: ${charge.account.accountNumber}`,
    `${t('instructions.accountName')}: ${charge.account.accountName}`,
  ].join('\n')
}

/** QR code drawn as one SVG path: no canvas, no data: URL, nothing for the CSP to allow. */
export function PaymentQr({
  text,
  size = 176,
  label,
}: {
  text: string
  size?: number
  label: string
}) {
  const { path, modules } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' })
    const n = qr.modules.size
    let d = ''
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) if (qr.modules.get(y, x)) d += `M${x + 4} ${y + 4}h1v1h-1z`
    return { path: d, modules: n + 8 }
  }, [text])
  return (
    <svg
      className="qr"
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/** Re-renders every second; for clocks only, never for money or state. */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs)
    return () => window.clearInterval(timer)
  }, [intervalMs])
  return now
}

export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m)
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`
}

export type Phase = 'awaiting' | 'part_paid' | 'paid' | 'overpaid' | 'cancelled'

/** Which picture to show: main's state and reconciliation, read as is. */
export function phaseOf(charge: ChargeView): Phase {
  if (charge.state === 'cancelled') return 'cancelled'
  return charge.reconciliation.status
}
