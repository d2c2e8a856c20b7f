// The instructions screen: where the customer should send the money, while the till waits;
// then an unmistakable Paid, Part-paid (balance due) or Overpaid (cashier decides). Every
// amount and status shown here was decided in main; this screen only lays it out.
import { useCallback, useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type { Minor } from '../../../common/money'
import type { ChargeView } from '../../../common/ipc/collections'
import { Banner, Button, EmptyState, Spinner } from '../../components'
import { formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { connectCollections, useCollections } from '../../store/collections'
import { useNavigation } from '../../store/navigation'
import { OfflineNotice } from '../Collect/OfflineNotice'
import { DemoSimulator } from './DemoSimulator'
import { ReceiptDialog } from './Receipt'
import { SaysSent } from './SaysSent'
import { ShopClaimNotice } from './ShopClaimNotice'
import { printArea } from '../Collect/browser'
import { CustomerDisplayButton } from '../Collect/CustomerDisplayButton'
import { TransferList } from '../Collect/TransferList'
import { playPaidChime } from './chime'
import { formatElapsed, groupDigits, PaymentQr, paymentDetailsText, phaseOf, useNow } from './parts'
import '../Collect/collections.css'
import { OverpaymentDecisionCard } from './OverpaymentDecision'
import { CancelDialog } from './CancelDialog'

export default function InstructionsScreen() {
  const chargeId = useNavigation((s) => s.route.rest[0] ?? '')
  const charge = useCollections((s) => s.charges[chargeId])
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslation()

  useEffect(() => connectCollections(), [])
  useEffect(() => {
    if (!chargeId) return
    call('charge.get', { chargeId })
      .then((view) => useCollections.getState().upsert(view))
      .catch((problem: unknown) => setError(messageOf(problem)))
    call('collections.status')
      .then((status) => useCollections.setState({ status }))
      .catch(() => undefined)
  }, [chargeId])

  if (error) {
    return (
      <div className="screen screen--center">
        <EmptyState icon="alert" title={t('instructions.cantShow')}>
          <p>{error}</p>
        </EmptyState>
      </div>
    )
  }
  if (!charge) {
    return (
      <div className="screen screen--center">
        <Spinner size={28} label={t('instructions.opening')} />
      </div>
    )
  }
  return <ChargeScreen charge={charge} />
}

function useWaitingLease(charge: ChargeView): void {
  const open = charge.state === 'open'
  useEffect(() => {
    if (!open) return
    let timer: number | undefined
    let stopped = false
    const renew = async () => {
      try {
        const { leaseMs } = await call('charge.watch', { chargeId: charge.id, waiting: true })
        if (!stopped) timer = window.setTimeout(() => void renew(), Math.max(1_000, leaseMs / 3))
      } catch {
        if (!stopped) timer = window.setTimeout(() => void renew(), 5_000)
      }
    }
    void renew()
    return () => {
      stopped = true
      window.clearTimeout(timer)
      void call('charge.watch', { chargeId: charge.id, waiting: false }).catch(() => undefined)
    }
  }, [charge.id, open])
}

function useCustomerDisplay(chargeId: string): void {
  useEffect(() => {
    void call('customerDisplay.show', { chargeId }).catch(() => undefined)
    return () => void call('customerDisplay.show', { chargeId: null }).catch(() => undefined)
  }, [chargeId])
}

// The glossary's word for each phase (docs/glossary.md).
const PHASE_WORD = {
  awaiting: 'screens.instructions',
  part_paid: 'status.partPaid',
  paid: 'status.paid',
  overpaid: 'status.overpaid',
  cancelled: 'status.cancelled',
} as const

function ChargeScreen({ charge }: { charge: ChargeView }) {
  const go = useNavigation((s) => s.go)
  const justPaid = useCollections((s) => s.justPaid.includes(charge.id))
  const [cancelOpen, setCancelOpen] = useState(false)
  const [receiptOpen, setReceiptOpen] = useState(false)
  const phase = phaseOf(charge)
  const r = charge.reconciliation
  const money = (m: Minor) => formatMoney(m, charge.currency)
  const notice = useCollections((s) => (s.notice?.chargeId === charge.id ? s.notice.text : null))
  const { t, i18n } = useTranslation()
  const title = t(PHASE_WORD[phase])
  useWaitingLease(charge)
  useCustomerDisplay(charge.id)

  // The top bar says where the charge is, not "Payment instructions" once it is paid.
  useEffect(() => {
    useNavigation.getState().setTitle(title)
  }, [title, i18n.language])
  useEffect(() => () => useNavigation.getState().setTitle(null), [])

  useEffect(() => {
    if (!justPaid) return
    playPaidChime()
    useCollections.getState().consumePaid(charge.id)
  }, [justPaid, charge.id])

  const settled = phase === 'paid' || phase === 'overpaid'
  const newSale = useCallback(() => go('collect'), [go])

  // Esc cancels a charge still waiting; Enter starts the next sale once it is settled.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open]')) return
      const typing =
        event.target instanceof HTMLElement && event.target.closest('input, textarea, select')
      if (event.key === 'Escape' && charge.state === 'open' && !typing) {
        event.preventDefault()
        setCancelOpen(true)
      } else if (event.key === 'Escape' && charge.state !== 'open') {
        event.preventDefault()
        newSale()
      } else if (event.key === 'Enter' && settled && charge.state !== 'open' && !typing) {
        const onButton = event.target instanceof HTMLButtonElement
        if (!onButton) {
          event.preventDefault()
          newSale()
        }
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [charge.state, settled, newSale])

  return (
    <div
      className={`col-screen instructions phase-${phase}`}
      data-phase={phase}
      data-testid="charge-screen"
      data-account-reference={charge.account.accountReference}
    >
      <p className="visually-hidden" aria-live="assertive">
        {phase === 'awaiting' ? t('instructions.waitingTransfer') : title}
        {phase === 'part_paid'
          ? `. ${t('instructions.balanceDue', { amount: money(r.balanceDue) })}`
          : ''}
        {phase === 'overpaid'
          ? `. ${t('instructions.overpaidBy', { amount: money(r.overpaidBy) })}`
          : ''}
      </p>
      <OfflineNotice />
      <ShopClaimNotice charge={charge} />
      {notice && (
        <Banner tone="info" title={notice}>
          {t('instructions.existing')}
        </Banner>
      )}

      {settled && <PaidPanel charge={charge} />}
      {phase === 'cancelled' && (
        <Banner tone="neutral" title={t('instructions.cancelledTitle')}>
          {charge.cancellation?.reason}.{' '}
          {t('instructions.cancelledReceived', { amount: money(r.received) })}{' '}
          {r.received > 0 && t('instructions.settleReceived')}
        </Banner>
      )}

      {phase === 'part_paid' && (
        <section className="balance-due" aria-label={t('instructions.balanceDueLabel')}>
          <p className="balance-due__label">
            {t('instructions.partPaid', {
              received: money(r.received),
              due: money(r.amountDue),
            })}
          </p>
          <p className="balance-due__amount" data-testid="balance-due">
            <Trans
              t={t}
              i18nKey="instructions.balanceDueStrong"
              values={{ amount: money(r.balanceDue) }}
              components={{ strong: <strong /> }}
            />
          </p>
          <p className="balance-due__hint">{t('instructions.askBalance')}</p>
        </section>
      )}

      {(phase === 'awaiting' || phase === 'part_paid') && <InstructionsCard charge={charge} />}

      {charge.needsDecision && <OverpaymentDecisionCard charge={charge} />}

      <TransferList charge={charge} />

      <div className="instructions__actions no-print">
        {charge.state === 'open' && (
          <>
            <SaysSent chargeId={charge.id} />
            <Button onClick={() => printArea('instructions')}>{t('instructions.print')}</Button>
            <Button
              variant="danger"
              icon="x"
              aria-keyshortcuts="Escape"
              onClick={() => setCancelOpen(true)}
            >
              {t('instructions.cancel')}
            </Button>
          </>
        )}
        {(settled || phase === 'cancelled' || r.received > 0) && (
          <Button icon="check" onClick={() => setReceiptOpen(true)}>
            {t('instructions.receipt')}
          </Button>
        )}
        {charge.state !== 'open' && (
          <Button
            variant="primary"
            size="lg"
            icon="plus"
            aria-keyshortcuts="Enter"
            onClick={newSale}
            autoFocus
          >
            {t('instructions.newSale')}
          </Button>
        )}
        <p className="key-hint">
          {charge.state === 'open' ? (
            <>
              <kbd>{t('common.keys.esc')}</kbd> {t('instructions.keyCancel')}
            </>
          ) : (
            <>
              <kbd>{t('common.keys.enter')}</kbd> {t('instructions.keyNextSale')} ·{' '}
              <kbd>{t('common.keys.esc')}</kbd> {t('instructions.keyBack')}
            </>
          )}
        </p>
      </div>

      <CustomerDisplayButton />
      {charge.state === 'open' && <DemoSimulator charge={charge} />}
      <CancelDialog charge={charge} open={cancelOpen} onClose={() => setCancelOpen(false)} />
      <ReceiptDialog
        chargeId={charge.id}
        open={receiptOpen}
        onClose={() => setReceiptOpen(false)}
      />
    </div>
  )
}

function InstructionsCard({ charge }: { charge: ChargeView }) {
  const now = useNow()
  const [copied, setCopied] = useState(false)
  const { t } = useTranslation()
  const r = charge.reconciliation
  const toSend = r.status === 'part_paid' ? r.balanceDue : r.amountDue
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.account.accountNumber)
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2_000)
    } catch {
      setCopied(false)
    }
  }
  return (
    <section
      className="pay-card print-instructions"
      aria-labelledby="pay-title"
      data-testid="instructions"
    >
      <div className="pay-card__main">
        <h2 id="pay-title" className="pay-card__title">
          <Trans
            t={t}
            i18nKey="instructions.transferExactly"
            values={{ amount: formatMoney(toSend, charge.currency) }}
            components={{
              amount: <span className="pay-card__amount" data-testid="amount-to-send" />,
            }}
          />
        </h2>
        <dl className="pay-card__details">
          <div>
            <dt>{t('instructions.bank')}</dt>
            <dd data-testid="bank-name">{charge.account.bankName}</dd>
          </div>
          <div className="pay-card__number">
            <dt>{t('instructions.accountNumber')}</dt>
            <dd>
              <span
                className="account-number"
                data-testid="account-number"
                aria-label={charge.account.accountNumber.split('').join(' ')}
              >
                {groupDigits(charge.account.accountNumber)}
              </span>
              <Button
                size="sm"
                icon={copied ? 'check' : 'payments'}
                className="no-print"
                onClick={() => void copy()}
              >
                {copied ? t('instructions.copied') : t('instructions.copy')}
              </Button>
            </dd>
          </div>
          <div>
            <dt>{t('instructions.accountName')}</dt>
            <dd data-testid="account-name">{charge.account.accountName}</dd>
          </div>
        </dl>
        <p className="pay-card__waiting no-print" data-testid="elapsed">
          <span className="pulse" aria-hidden="true" />{' '}
          {t('instructions.waitingFor', {
            elapsed: formatElapsed(now - Date.parse(charge.openedAt)),
          })}
        </p>
      </div>
      <figure className="pay-card__qr">
        <PaymentQr text={paymentDetailsText(charge)} label={t('instructions.qrLabel')} />
        <figcaption>{t('instructions.scan')}</figcaption>
      </figure>
    </section>
  )
}

function PaidPanel({ charge }: { charge: ChargeView }) {
  const r = charge.reconciliation
  const money = (m: Minor) => formatMoney(m, charge.currency)
  const { t } = useTranslation()
  return (
    <section
      className={`paid-panel paid-panel--${r.status}`}
      data-testid="paid-panel"
      aria-label={t('customerDisplay.received')}
    >
      <svg className="paid-panel__check" viewBox="0 0 52 52" aria-hidden="true">
        <circle cx="26" cy="26" r="24" />
        <path d="M14 27l8 8 16-17" />
      </svg>
      <div>
        <p className="paid-panel__title">{t('status.paid').toLocaleUpperCase()}</p>
        <p className="paid-panel__amount">
          {t('instructions.amountReceived', { amount: money(r.received) })}
        </p>
        {r.status === 'overpaid' && (
          <p className="paid-panel__over" data-testid="overpaid-by">
            {t('instructions.overpaidBy', { amount: money(r.overpaidBy) })}
          </p>
        )}
        <p className="paid-panel__from">
          {t('instructions.fromDue', {
            name: charge.account.accountName,
            amount: money(r.amountDue),
          })}
        </p>
        {charge.overpayment && (
          <p className="paid-panel__decision">
            {t('instructions.decision', {
              decision:
                charge.overpayment.decision === 'refund'
                  ? t('instructions.decisionRefund')
                  : t('instructions.decisionCredit'),
            })}
            {charge.overpayment.note ? ` (${charge.overpayment.note})` : ''} —{' '}
            {charge.overpayment.by}
          </p>
        )}
      </div>
    </section>
  )
}
