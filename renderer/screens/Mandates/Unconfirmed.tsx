// Debits and mandates the gateway has not confirmed, in the shared review panel: why, in words,
// what was tried and what the gateway said. A supervisor who did not charge a debit marks it
// paid (with the gateway's reference) or not paid (with a reason), with their PIN; main decides
// who may decide and keeps the record. A mandate's create is only explained: the till keeps
// asking the gateway for it, and nothing is charged on it until the gateway shows it.
import type { DebitView } from '../../../common/ipc/mandates'
import type { UnknownOutcomeView } from '../../../common/ipc/payments'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from '../Payments/parts'

const DEBIT_WORDS = {
  made: 'paid',
  notMade: 'not paid',
  thing: 'debit',
  recorded: 'are kept with the debit',
}

const load = () => call('mandates.unsettledDebits')
const watch = (reload: () => void) => subscribe('mandates.debitUpdated', reload)

/** A supervisor's list of this till's debits the gateway has not confirmed. */
export function UnsettledDebits() {
  return (
    <UnsettledSection<DebitView>
      load={load}
      watch={watch}
      keyOf={(view) => view.paymentReference}
      intro="Not confirmed by the gateway: these debits may or may not have been charged. Don't charge them again."
      label="Debits the gateway has not confirmed"
      failedTitle="Unconfirmed debits could not be loaded"
      testId="debits-unsettled"
      messageOf={messageOf}
      render={(view, done) =>
        view.outcome && (
          <OutcomeReview
            outcome={view.outcome}
            open={view.outcome.state !== 'decided'}
            canDecide={!view.outcome.decideBlocked}
            blocked={view.outcome.decideBlocked}
            words={DEBIT_WORDS}
            title={(paid) =>
              `Debit ${view.paymentReference}: mark as ${paid ? 'paid' : 'not paid'}?`
            }
            reasonMax={200}
            label={`Debit ${view.paymentReference}`}
            reference={view.paymentReference}
            heading={
              <p>
                <strong>{money(view.amount, view.currency)}</strong> on mandate{' '}
                <span className="mono">{view.mandateReference}</span>, debit{' '}
                <span className="mono">{view.paymentReference}</span>
              </p>
            }
            onDecide={async (paid, { gatewayReference, reason, pin }) => {
              const base = { reference: view.paymentReference, pin, reason }
              await call(
                'mandates.decideDebitOutcome',
                paid
                  ? { ...base, outcome: 'paid', gatewayReference }
                  : { ...base, outcome: 'not_paid' },
              )
              done()
            }}
          />
        )
      }
    />
  )
}

/** Why a mandate's create is not confirmed yet, and what the till tried (no decision here). */
export function MandateOutcome({ outcome }: { outcome: UnknownOutcomeView }) {
  return (
    <OutcomeReview
      outcome={outcome}
      open
      canDecide={false}
      words={{ made: 'made', notMade: 'not made', thing: 'mandate', recorded: 'are kept' }}
      title={() => ''}
      reasonMax={200}
      label="Why this mandate is not confirmed"
      testId="mandate-review"
      onDecide={async () => undefined}
    />
  )
}
