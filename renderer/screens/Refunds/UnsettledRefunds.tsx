// Refunds this till sent whose answer was lost and which the gateway has not confirmed, in the
// shared review panel: why, in words, what was tried and what the gateway said; and, for a
// supervisor who did not issue it, made (with the gateway's reference) or not made (with a
// reason), with their PIN. Main decides who may decide and keeps the record.
import { Trans, useTranslation } from 'react-i18next'
import type { RefundView } from '../../../common/ipc/refunds'
import { OutcomeReview, UnsettledSection } from '../../components'
import { call, messageOf, subscribe } from '../../lib/pos'
import { money } from '../Payments/parts'

const load = () => call('refunds.unsettled')
const watch = (reload: () => void) => subscribe('refunds.updated', reload)

export function UnsettledRefunds() {
  const { t } = useTranslation()
  // The words the review frame puts in its own sentences ("Mark as made…"), in this language.
  const words = {
    made: t('refunds.unsettled.made'),
    notMade: t('refunds.unsettled.notMade'),
    thing: t('refunds.unsettled.thing'),
    recorded: t('refunds.unsettled.recorded'),
  }
  return (
    <UnsettledSection<RefundView>
      load={load}
      watch={watch}
      keyOf={(view) => view.reference ?? ''}
      intro={t('refunds.unsettled.intro')}
      label={t('refunds.unsettled.label')}
      failedTitle={t('refunds.unsettled.failed')}
      testId="refunds-unsettled"
      messageOf={messageOf}
      render={(view, done) =>
        view.outcome && (
          <OutcomeReview
            outcome={view.outcome}
            open={view.outcome.state !== 'decided'}
            canDecide={!view.outcome.decideBlocked}
            blocked={view.outcome.decideBlocked}
            blockedSay={view.outcome.decideBlockedSay}
            words={words}
            title={(made) =>
              t(made ? 'refunds.unsettled.markMade' : 'refunds.unsettled.markNotMade', {
                reference: view.reference,
              })
            }
            reasonMax={200}
            label={t('refunds.unsettled.refund', { reference: view.reference ?? '' })}
            reference={view.reference}
            heading={
              <p>
                <Trans
                  t={t}
                  i18nKey="refunds.unsettled.heading"
                  values={{
                    amount: money(view.amount, view.currency),
                    payment: view.paymentReference,
                    reference: view.reference,
                  }}
                  components={{ strong: <strong />, mono: <span className="mono" /> }}
                />
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
            onAcknowledge={async () => {
              await call('refunds.acknowledgeAlarm', { reference: view.reference ?? '' })
              done()
            }}
          />
        )
      }
    />
  )
}
