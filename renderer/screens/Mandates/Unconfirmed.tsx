// Debits and mandates the gateway has not confirmed, in the shared review panel: why, in words,
// what was tried and what the gateway said. A supervisor who did not charge a debit marks it
// paid (with the gateway's reference) or not paid (with a reason), with their PIN; main decides
// who may decide and keeps the record. A mandate's create is only explained: the till keeps
// asking the gateway for it, and nothing is charged on it until the gateway shows it.
import { useTranslation } from 'react-i18next'
import type { DebitView } from '../../../common/ipc/mandates'
import type { UnknownOutcomeView } from '../../../common/ipc/payments'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from '../Payments/parts'

const load = () => call('mandates.unsettledDebits')
const watch = (reload: () => void) => subscribe('mandates.debitUpdated', reload)

/** A supervisor's list of this till's debits the gateway has not confirmed. */
export function UnsettledDebits() {
  const { t } = useTranslation()
  return (
    <UnsettledSection<DebitView>
      load={load}
      watch={watch}
      keyOf={(view) => view.paymentReference}
      intro={t('mandates.unsettled.intro')}
      label={t('mandates.unsettled.label')}
      failedTitle={t('mandates.unsettled.failed')}
      testId="debits-unsettled"
      messageOf={messageOf}
      render={(view, done) =>
        view.outcome && (
          <OutcomeReview
            outcome={view.outcome}
            open={view.outcome.state !== 'decided'}
            canDecide={!view.outcome.decideBlocked}
            blocked={view.outcome.decideBlocked}
            blockedSay={view.outcome.decideBlockedSay}
            words={{
              made: t('mandates.unsettled.made'),
              notMade: t('mandates.unsettled.notMade'),
              thing: t('mandates.unsettled.thing'),
              recorded: t('mandates.unsettled.recorded'),
            }}
            title={(paid) =>
              t(paid ? 'mandates.unsettled.markPaid' : 'mandates.unsettled.markNotPaid', {
                reference: view.paymentReference,
              })
            }
            reasonMax={200}
            label={t('mandates.unsettled.debit', { reference: view.paymentReference })}
            reference={view.paymentReference}
            heading={
              <p>
                <strong>{money(view.amount, view.currency)}</strong>{' '}
                {t('mandates.unsettled.onMandate')}{' '}
                <span className="mono">{view.mandateReference}</span>
                {t('mandates.unsettled.debitWord')}{' '}
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
            onAcknowledge={async () => {
              await call('mandates.acknowledgeDebitAlarm', { reference: view.paymentReference })
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
  const { t } = useTranslation()
  return (
    <OutcomeReview
      outcome={outcome}
      open
      canDecide={false}
      words={{
        made: t('mandates.outcome.made'),
        notMade: t('mandates.outcome.notMade'),
        thing: t('mandates.outcome.thing'),
        recorded: t('mandates.outcome.recorded'),
      }}
      title={() => ''}
      reasonMax={200}
      label={t('mandates.outcome.label')}
      testId="mandate-review"
      onDecide={async () => undefined}
    />
  )
}
