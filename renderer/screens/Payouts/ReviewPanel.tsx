// A payout whose outcome Tilldesk could not find out, in the shared review panel: why, what was
// tried, and, for a supervisor who did not make it, paid (with the gateway's reference) or not
// paid (with a reason), with their PIN. Main decides who may decide (view.actions,
// view.outcome.decideBlocked) and records the decision in the audit log.
import { useTranslation } from 'react-i18next'
import type { PayoutView } from '../../../common/ipc/payouts'
import { OutcomeReview } from '../../components'
import { call } from '../../lib/pos'
import { usePayouts } from '../../store/payouts'
import { amountOf } from './words'

export function ReviewPanel({ view }: { view: PayoutView }) {
  const { t } = useTranslation()
  const outcome = view.outcome
  if (!outcome) return null
  const open = view.state === 'unknown' || view.state === 'needs_review'
  const decided = outcome.decided && {
    ...outcome.decided,
    made: outcome.decided.outcome === 'paid',
  }
  return (
    <OutcomeReview
      outcome={{ ...outcome, decided }}
      open={open}
      canDecide={view.actions.includes('decideOutcome')}
      blocked={outcome.decideBlocked}
      blockedSay={outcome.decideBlockedSay}
      words={{
        made: t('payouts.review.made'),
        notMade: t('payouts.review.notMade'),
        thing: t('payouts.review.thing'),
        recorded: t('payouts.review.recorded'),
        notMadeNote: t('payouts.review.notMadeNote'),
      }}
      title={(paid) =>
        t(paid ? 'payouts.review.markPaid' : 'payouts.review.markNotPaid', {
          amount: amountOf(view),
          name: view.accountName,
        })
      }
      reasonMax={300}
      label={t('payouts.review.label')}
      testId="payout-review"
      onDecide={async (paid, { gatewayReference, reason, pin }) => {
        const base = { reference: view.reference, pin, reason }
        const result = await call(
          'payouts.decideOutcome',
          paid ? { ...base, outcome: 'paid', gatewayReference } : { ...base, outcome: 'not_paid' },
        )
        usePayouts.getState().upsert([result])
      }}
      onAcknowledge={
        view.actions.includes('acknowledgeAlarm')
          ? async () => {
              const result = await call('payouts.acknowledgeAlarm', { reference: view.reference })
              usePayouts.getState().upsert([result])
            }
          : undefined
      }
    />
  )
}
