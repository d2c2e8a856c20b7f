// A write whose outcome Tilldesk could not find out (payout, refund, payment, debit): why, in
// words, what was tried and what the gateway said, and, for a supervisor main allows, the
// decision: made (with the gateway's reference) or not made (with a reason), confirmed with
// their PIN. One piece for every screen, so each says it the same way; main decides who may
// decide (`canDecide`, `blocked`) and keeps the record, the screen only asks.
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Said } from '../../common/ipc/contract'
import { stepSaid } from '../../common/words/steps'
import { saySaid } from '../i18n/errors'
import { formatDateTime } from '../lib/format'
import { fieldsOf, messageOf } from '../lib/pos'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { PinField, TextField } from './Field'
import { OutcomeAlarm, type AlarmShown } from './OutcomeAlarm'
import './outcome-review.css'

export interface OutcomeEvidence {
  why: string
  /** `why` keyed by main, said in the screen's language (main's English is the fallback). */
  whySay?: Said | undefined
  since: string
  /** `send` for a request; anything else (lookup, verify) was a check. */
  steps: ReadonlyArray<{ at: string; call: string; said: string }>
  decided?: {
    made: boolean
    byName: string
    at: string
    reason: string
    gatewayReference: string | null
  } | null
  /** The gateway later contradicted the decision and won. */
  alarm?: AlarmShown | undefined
}

export interface OutcomeWords {
  /** "paid", "made" */
  made: string
  /** "not paid", "not made" */
  notMade: string
  /** What the gateway would show: "transfer", "refund", "payment", "debit". */
  thing: string
  /** Where the decision is kept: "go into the audit log", "are kept with the refund". */
  recorded: string
  /** Said before deciding "not made" (what follows from it), if anything. */
  notMadeNote?: string
}

export interface DecisionEntered {
  gatewayReference: string
  reason: string
  pin: string
}

export interface OutcomeReviewProps {
  outcome: OutcomeEvidence
  /** Still not known (unknown or needs review): the why and the decision apply. */
  open: boolean
  /** Main allows the signed-in user to decide it. */
  canDecide: boolean
  /** Why the signed-in user may not decide it (from main), or null. */
  blocked?: string | null
  /** The same, keyed by main, said in the screen's language. */
  blockedSay?: Said | undefined
  words: OutcomeWords
  /** The dialog's title for a decision. */
  title: (made: boolean) => string
  reasonMax: number
  /** Sends the decision to main; throws the AppError main answered with. */
  onDecide: (made: boolean, entered: DecisionEntered) => Promise<void>
  /** What the item is (amount, references), shown first. */
  heading?: ReactNode
  label: string
  testId?: string
  reference?: string | null
  /** Marks the alarm as seen; absent when the signed-in user may not acknowledge it. */
  onAcknowledge?: (() => Promise<void>) | undefined
}

export function OutcomeReview(props: OutcomeReviewProps) {
  const { outcome, open, words } = props
  const [deciding, setDeciding] = useState<boolean | null>(null)
  const { t } = useTranslation()
  const decided = outcome.decided ?? null
  return (
    <section
      className="outcome-review"
      aria-label={props.label}
      data-testid={props.testId}
      data-reference={props.reference ?? undefined}
    >
      {props.heading}
      {outcome.alarm && (
        <OutcomeAlarm
          alarm={outcome.alarm}
          decided={decided}
          words={words}
          onAcknowledge={props.onAcknowledge}
        />
      )}
      {open && <p className="outcome-review__why">{saySaid(outcome.whySay, outcome.why)}</p>}
      {decided && (
        <p className="outcome-review__decision">
          {t(
            decided.gatewayReference ? 'components.outcome.markedRef' : 'components.outcome.marked',
            {
              word: decided.made ? words.made : words.notMade,
              name: decided.byName,
              when: formatDateTime(decided.at),
              reference: decided.gatewayReference ?? '',
              reason: decided.reason,
            },
          )}
        </p>
      )}
      <details className="outcome-review__steps">
        <summary>
          {t('components.outcome.tried', {
            when: formatDateTime(outcome.since),
            count: outcome.steps.length,
          })}
        </summary>
        <ol>
          {outcome.steps.map((step, index) => (
            <li key={index}>
              <span className="mono small">{formatDateTime(step.at)}</span>{' '}
              {t(step.call === 'send' ? 'components.outcome.sent' : 'components.outcome.checked', {
                // The core's English, as journaled; keyed again when these words made it.
                said: saySaid(stepSaid(step.said), step.said),
              })}
            </li>
          ))}
        </ol>
      </details>
      {open && props.canDecide && (
        <p className="outcome-review__actions">
          <Button size="sm" variant="primary" onClick={() => setDeciding(true)}>
            {t('components.outcome.markAsMore', { word: words.made })}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeciding(false)}>
            {t('components.outcome.markAsMore', { word: words.notMade })}
          </Button>
        </p>
      )}
      {open && props.blocked && (
        <p className="muted small">{saySaid(props.blockedSay, props.blocked)}</p>
      )}
      <DecideDialog {...props} made={deciding} onClose={() => setDeciding(null)} />
    </section>
  )
}

function DecideDialog({
  made,
  onClose,
  words,
  title,
  reasonMax,
  onDecide,
}: OutcomeReviewProps & { made: boolean | null; onClose: () => void }) {
  const [gatewayReference, setGatewayReference] = useState('')
  const [reason, setReason] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const { t } = useTranslation()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (made === null) return
    setBusy(true)
    setError(null)
    setFields({})
    try {
      await onDecide(made, { gatewayReference, reason, pin })
      setPin('')
      setReason('')
      setGatewayReference('')
      onClose()
    } catch (problem) {
      setFields(fieldsOf(problem))
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  const word = made ? words.made : words.notMade
  return (
    <Dialog open={made !== null} onClose={onClose} title={made === null ? '' : title(made)}>
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <p>
          {made
            ? t('components.outcome.onlyIfShows', { thing: words.thing })
            : t('components.outcome.onlyIfNone', { thing: words.thing })}
          {!made && words.notMadeNote ? ` ${words.notMadeNote}` : ''}{' '}
          {t('components.outcome.recorded', { recorded: words.recorded })}
        </p>
        {made && (
          <TextField
            label={t('components.outcome.reference')}
            value={gatewayReference}
            onChange={(event) => setGatewayReference(event.target.value)}
            error={fields.gatewayReference}
            maxLength={100}
            required
          />
        )}
        <TextField
          label={
            made
              ? t('components.outcome.howKnow', { word: words.made })
              : t('components.outcome.why', { word: words.notMade })
          }
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fields.reason}
          maxLength={reasonMax}
          required
        />
        <PinField
          label={t('components.outcome.pin')}
          value={pin}
          onChange={setPin}
          error={fields.pin}
          required
        />
        {error && <p className="field__error">{error}</p>}
        <p className="outcome-review__actions">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant={made ? 'success' : 'danger'}
            busy={busy}
            disabled={pin.length < 4}
          >
            {t('components.outcome.markAs', { word })}
          </Button>
        </p>
      </form>
    </Dialog>
  )
}
