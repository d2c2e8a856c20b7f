// The customer-facing display: a second window on the customer's screen (Electron) or a second
// page (#/customer-display in the preview). It mirrors the charge the cashier has on screen,
// large and plain, and shows nothing about any other customer.
import { useEffect, useState } from 'react'
import { formatMoney } from '../../../common/money'
import type { CustomerDisplayState } from '../../../common/ipc/collections'
import { call, subscribe } from '../../lib/pos'
import { groupDigits, PaymentQr, paymentDetailsText, phaseOf } from '../Instructions/parts'
import '../Collect/collections.css'

export default function CustomerDisplayScreen() {
  const [state, setState] = useState<CustomerDisplayState | null>(null)
  const [lost, setLost] = useState(false)
  useEffect(() => {
    let off = () => {}
    try {
      off = subscribe('customerDisplay.changed', (next) => {
        setState(next)
        setLost(false)
      })
    } catch {
      // No bridge: the call below fails too and says so.
    }
    call('customerDisplay.get')
      .then(setState)
      .catch(() => setLost(true))
    return off
  }, [])

  const charge = state?.charge ?? null
  if (!charge) {
    return (
      <main className="cdisplay cdisplay--welcome" data-phase="welcome">
        <h1>Welcome{state ? ` to ${state.tillName}` : ''}</h1>
        <p>{lost ? 'Connecting to the till…' : 'Your payment details will appear here.'}</p>
      </main>
    )
  }
  const phase = phaseOf(charge)
  const r = charge.reconciliation
  const money = (m: typeof r.received) => formatMoney(m, charge.currency)

  if (phase === 'paid' || phase === 'overpaid') {
    return (
      <main className={`cdisplay cdisplay--paid`} data-phase={phase} data-testid="customer-display">
        <svg className="cdisplay__check" viewBox="0 0 52 52" aria-hidden="true">
          <circle cx="26" cy="26" r="24" />
          <path d="M14 27l8 8 16-17" />
        </svg>
        <h1>Payment received</h1>
        <p className="cdisplay__amount">{money(r.received)}</p>
        {phase === 'overpaid' ? (
          <p>
            You sent {money(r.overpaidBy)} more than due. The cashier will sort out the difference
            with you.
          </p>
        ) : (
          <p>Thank you!</p>
        )}
      </main>
    )
  }
  if (phase === 'cancelled') {
    return (
      <main
        className="cdisplay cdisplay--welcome"
        data-phase={phase}
        data-testid="customer-display"
      >
        <h1>This payment was cancelled</h1>
        <p>Please speak to the cashier.</p>
      </main>
    )
  }
  const toSend = phase === 'part_paid' ? r.balanceDue : r.amountDue
  return (
    <main
      className={`cdisplay cdisplay--pay cdisplay--${phase}`}
      data-phase={phase}
      data-testid="customer-display"
    >
      {phase === 'part_paid' && (
        <p className="cdisplay__part">Received {money(r.received)}. Please send the balance.</p>
      )}
      <h1>
        Please transfer <span className="cdisplay__amount">{money(toSend)}</span>
      </h1>
      <div className="cdisplay__grid">
        <dl>
          <dt>Bank</dt>
          <dd>{charge.account.bankName}</dd>
          <dt>Account number</dt>
          <dd className="cdisplay__number">{groupDigits(charge.account.accountNumber)}</dd>
          <dt>Account name</dt>
          <dd>{charge.account.accountName}</dd>
        </dl>
        <PaymentQr
          text={paymentDetailsText(charge)}
          size={240}
          label="QR code with the payment details"
        />
      </div>
      <p className="cdisplay__hint">This screen changes as soon as your transfer arrives.</p>
    </main>
  )
}
