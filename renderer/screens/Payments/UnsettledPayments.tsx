// Payments whose outcome the till could not find out, in the shared review panel: why, in
// words, what was tried and what the gateway said; and, for a supervisor who did not take it,
// paid (with the gateway's reference) or not paid (with a reason), with their PIN. Main
// decides who may decide (`outcome.decideBlocked`, the channel's role) and keeps the record.
import { useTranslation } from 'react-i18next'
import type { CheckoutView } from '../../../common/ipc/payments'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from './parts'
import { usePayments } from './store'

/** The why and the evidence of one payment; the decision only for a supervisor. */
export function PaymentOutcome({
  view,
  supervisor,
  onDecided,
}: {
  view: CheckoutView
  supervisor: boolean
  onDecided?: () => void
}) {
  const { t } = useTranslation()
  const outcome = view.outcome
  if (!outcome) return null
  const open = outcome.state !== 'decided'
  return (
    <OutcomeReview
      outcome={outcome}
      open={open}
      canDecide={supervisor && !outcome.decideBlocked}
      blocked={supervisor ? outcome.decideBlocked : null}
      blockedSay={outcome.decideBlockedSay}
      words={{
        made: t('payments.review.made'),
        notMade: t('payments.review.notMade'),
        thing: t('payments.review.thing'),
        recorded: t('payments.review.recorded'),
      }}
      title={(paid) =>
        t(paid ? 'payments.review.markPaid' : 'payments.review.markNotPaid', {
          amount: money(view.amount, view.currency),
          email: view.email,
        })
      }
      reasonMax={200}
      label={t('payments.review.label')}
      testId="payment-review"
      reference={view.reference}
      onDecide={async (paid, { gatewayReference, reason, pin }) => {
        const base = { reference: view.reference, pin, reason }
        const result = await call(
          'payments.decideOutcome',
          paid ? { ...base, outcome: 'paid', gatewayReference } : { ...base, outcome: 'not_paid' },
        )
        usePayments.getState().upsert(result)
        onDecided?.()
      }}
      onAcknowledge={
        supervisor
          ? async () => {
              const result = await call('payments.acknowledgeAlarm', { reference: view.reference })
              usePayments.getState().upsert(result)
              onDecided?.()
            }
          : undefined
      }
    />
  )
}

const load = () => call('payments.unsettled')
const watch = (reload: () => void) => subscribe('payments.updated', reload)

/** A supervisor's list of this till's payments the gateway has not confirmed. */
export function UnsettledPayments() {
  const { t } = useTranslation()
  return (
    <UnsettledSection<CheckoutView>
      load={load}
      watch={watch}
      keyOf={(view) => view.reference}
      intro={t('payments.unsettled.intro')}
      label={t('payments.unsettled.label')}
      failedTitle={t('payments.unsettled.failed')}
      testId="payments-unsettled"
      messageOf={messageOf}
      render={(view, done) => (
        <>
          <p>
            <strong>{money(view.amount, view.currency)}</strong>{' '}
            {t('payments.unsettled.fromPayment', { email: view.email })}{' '}
            <span className="mono">{view.reference}</span>
            {view.takenBy ? t('payments.unsettled.takenBy', { name: view.takenBy }) : ''}
          </p>
          <PaymentOutcome view={view} supervisor onDecided={done} />
        </>
      )}
    />
  )
}
