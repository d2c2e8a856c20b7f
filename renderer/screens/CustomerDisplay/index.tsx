// The customer-facing display: a second window on the customer's screen (Electron) or a second
// page (#/customer-display in the preview). It mirrors the charge the cashier has on screen,
// large and plain, and shows nothing about any other customer.
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { formatMoney } from '../../lib/format'
import type { CustomerDisplayState } from '../../../common/ipc/collections'
import { call, subscribe } from '../../lib/pos'
import { groupDigits, PaymentQr, paymentDetailsText, phaseOf } from '../Instructions/parts'
import '../Collect/collections.css'

export default function CustomerDisplayScreen() {
  const [state, setState] = useState<CustomerDisplayState | null>(null)
  const [lost, setLost] = useState(false)
  const { t } = useTranslation()
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
        <h1>
          {state
            ? t('customerDisplay.welcomeTo', { till: state.tillName })
            : t('customerDisplay.welcome')}
        </h1>
        <p>{lost ? t('customerDisplay.connecting') : t('customerDisplay.appearHere')}</p>
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
        <h1>{t('customerDisplay.received')}</h1>
        <p className="cdisplay__amount">{money(r.received)}</p>
        {phase === 'overpaid' ? (
          <p>{t('customerDisplay.overpaid', { amount: money(r.overpaidBy) })}</p>
        ) : (
          <p>{t('customerDisplay.thanks')}</p>
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
        <h1>{t('customerDisplay.cancelled')}</h1>
        <p>{t('customerDisplay.speakToCashier')}</p>
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
        <p className="cdisplay__part">
          {t('customerDisplay.sendBalance', { amount: money(r.received) })}
        </p>
      )}
      <h1>
        <Trans
          t={t}
          i18nKey="customerDisplay.pleaseTransfer"
          values={{ amount: money(toSend) }}
          components={{ amount: <span className="cdisplay__amount" /> }}
        />
      </h1>
      <div className="cdisplay__grid">
        <dl>
          <dt>{t('instructions.bank')}</dt>
          <dd>{charge.account.bankName}</dd>
          <dt>{t('instructions.accountNumber')}</dt>
          <dd className="cdisplay__number">{groupDigits(charge.account.accountNumber)}</dd>
          <dt>{t('instructions.accountName')}</dt>
          <dd>{charge.account.accountName}</dd>
        </dl>
        <PaymentQr text={paymentDetailsText(charge)} size={240} label={t('instructions.qrLabel')} />
      </div>
      <p className="cdisplay__hint">{t('customerDisplay.changes')}</p>
    </main>
  )
}
