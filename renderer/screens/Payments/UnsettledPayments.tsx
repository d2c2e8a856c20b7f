// Payments whose outcome the till could not find out, in the shared review panel: why, in
// words, what was tried and what the gateway said; and, for a supervisor who did not take it,
// paid (with the gateway's reference) or not paid (with a reason), with their PIN. Main
// decides who may decide (`outcome.decideBlocked`, the channel's role) and keeps the record.
import type { CheckoutView } from '../../../common/ipc/payments'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from './parts'
import { usePayments } from './store'

const WORDS = {
  made: 'paid',
  notMade: 'not paid',
  thing: 'payment',
  recorded: 'are kept with the payment',
}

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
  const outcome = view.outcome
  if (!outcome) return null
  const open = outcome.state !== 'decided'
  return (
    <OutcomeReview
      outcome={outcome}
      open={open}
      canDecide={supervisor && !outcome.decideBlocked}
      blocked={supervisor ? outcome.decideBlocked : null}
      words={WORDS}
      title={(paid) =>
        `${money(view.amount, view.currency)} from ${view.email}: mark as ${paid ? 'paid' : 'not paid'}?`
      }
      reasonMax={200}
      label="Why this payment's outcome is not known"
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
    />
  )
}

const load = () => call('payments.unsettled')
const watch = (reload: () => void) => subscribe('payments.updated', reload)

/** A supervisor's list of this till's payments the gateway has not confirmed. */
export function UnsettledPayments() {
  return (
    <UnsettledSection<CheckoutView>
      load={load}
      watch={watch}
      keyOf={(view) => view.reference}
      intro="Not confirmed by the gateway: these payments may or may not have been made. Don't take the money another way until they are decided."
      label="Payments the gateway has not confirmed"
      failedTitle="Unconfirmed payments could not be loaded"
      testId="payments-unsettled"
      messageOf={messageOf}
      render={(view, done) => (
        <>
          <p>
            <strong>{money(view.amount, view.currency)}</strong> from {view.email}, payment{' '}
            <span className="mono">{view.reference}</span>
            {view.takenBy ? `, taken by ${view.takenBy}` : ''}
          </p>
          <PaymentOutcome view={view} supervisor onDecided={done} />
        </>
      )}
    />
  )
}
