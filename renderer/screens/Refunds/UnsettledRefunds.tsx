// Refunds this till sent whose answer was lost and which the gateway has not confirmed, in the
// shared review panel: why, in words, what was tried and what the gateway said; and, for a
// supervisor who did not issue it, made (with the gateway's reference) or not made (with a
// reason), with their PIN. Main decides who may decide and keeps the record.
import type { RefundView } from '../../../common/ipc/refunds'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from '../Payments/parts'

const WORDS = {
  made: 'made',
  notMade: 'not made',
  thing: 'refund',
  recorded: 'are kept with the refund',
}

const load = () => call('refunds.unsettled')
const watch = (reload: () => void) => subscribe('refunds.updated', reload)

export function UnsettledRefunds() {
  return (
    <UnsettledSection<RefundView>
      load={load}
      watch={watch}
      keyOf={(view) => view.reference ?? ''}
      intro="Not confirmed by the gateway: these refunds may or may not have been made. Don't issue them again."
      label="Refunds the gateway has not confirmed"
      failedTitle="Unconfirmed refunds could not be loaded"
      testId="refunds-unsettled"
      messageOf={messageOf}
      render={(view, done) =>
        view.outcome && (
          <OutcomeReview
            outcome={view.outcome}
            open
            canDecide={!view.outcome.decideBlocked}
            blocked={view.outcome.decideBlocked}
            words={WORDS}
            title={(made) => `Refund ${view.reference}: mark as ${made ? 'made' : 'not made'}?`}
            reasonMax={200}
            label={`Refund ${view.reference ?? ''}`}
            reference={view.reference}
            heading={
              <p>
                <strong>{money(view.amount, view.currency)}</strong> of payment{' '}
                <span className="mono">{view.paymentReference}</span>, refund{' '}
                <span className="mono">{view.reference}</span>
              </p>
            }
            onDecide={async (made, { gatewayReference, reason, pin }) => {
              // Listed refunds come from this till's journal, so they always have a reference.
              const base = { reference: view.reference ?? '', pin, reason }
              await call(
                'refunds.decideOutcome',
                made
                  ? { ...base, outcome: 'refunded', gatewayReference }
                  : { ...base, outcome: 'not_refunded' },
              )
              done()
            }}
          />
        )
      }
    />
  )
}
