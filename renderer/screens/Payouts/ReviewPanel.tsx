// A payout whose outcome Tilldesk could not find out: why, in words, what was tried and what
// the gateway said, and, for a supervisor who did not make it, the decision: paid (with the
// gateway's reference) or not paid (with a reason), confirmed with their PIN. Main decides who
// may decide (view.outcome.decideBlocked) and records the decision in the audit log.
import { useState, type FormEvent } from 'react'
import type { PayoutView } from '../../../common/ipc/payouts'
import { Button, Dialog, PinField, TextField } from '../../components'
import { formatDateTime } from '../../lib/format'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { usePayouts } from '../../store/payouts'
import './review.css'

type Decision = 'paid' | 'not_paid'

export function ReviewPanel({ view }: { view: PayoutView }) {
  const outcome = view.outcome
  const [deciding, setDeciding] = useState<Decision | null>(null)
  if (!outcome) return null
  const open = view.state === 'unknown' || view.state === 'needs_review'
  return (
    <section
      className="po-review"
      aria-label="Why the outcome is not known"
      data-testid="payout-review"
    >
      {open && <p className="po-review__why">{outcome.why}</p>}
      {outcome.decided && (
        <p className="po-row__decision">
          Marked as {outcome.decided.outcome === 'paid' ? 'paid' : 'not paid'} by{' '}
          {outcome.decided.byName} at {formatDateTime(outcome.decided.at)}
          {outcome.decided.gatewayReference
            ? ` (gateway reference ${outcome.decided.gatewayReference})`
            : ''}
          : “{outcome.decided.reason}”
        </p>
      )}
      <details className="po-review__steps">
        <summary>
          What Tilldesk tried since {formatDateTime(outcome.since)} ({outcome.steps.length})
        </summary>
        <ol>
          {outcome.steps.map((step, index) => (
            <li key={index}>
              <span className="mono small">{formatDateTime(step.at)}</span>{' '}
              {step.call === 'send' ? 'Sent:' : 'Checked:'} {step.said}
            </li>
          ))}
        </ol>
      </details>
      {open && view.actions.includes('decideOutcome') && (
        <p className="po-review__actions">
          <Button size="sm" variant="primary" onClick={() => setDeciding('paid')}>
            Mark as paid…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeciding('not_paid')}>
            Mark as not paid…
          </Button>
        </p>
      )}
      {open && outcome.decideBlocked && <p className="muted small">{outcome.decideBlocked}</p>}
      <DecideDialog view={view} decision={deciding} onClose={() => setDeciding(null)} />
    </section>
  )
}

function DecideDialog({
  view,
  decision,
  onClose,
}: {
  view: PayoutView
  decision: Decision | null
  onClose: () => void
}) {
  const [gatewayReference, setGatewayReference] = useState('')
  const [reason, setReason] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!decision) return
    setBusy(true)
    setError(null)
    setFields({})
    try {
      const base = { reference: view.reference, pin, reason }
      const result = await call(
        'payouts.decideOutcome',
        decision === 'paid'
          ? { ...base, outcome: 'paid', gatewayReference }
          : { ...base, outcome: 'not_paid' },
      )
      usePayouts.getState().upsert([result])
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
  const paid = decision === 'paid'
  return (
    <Dialog
      open={decision !== null}
      onClose={onClose}
      title={`${view.amountText} to ${view.accountName}: mark as ${paid ? 'paid' : 'not paid'}?`}
    >
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <p>
          {paid
            ? "Only if the gateway shows this transfer: enter the gateway's reference for it."
            : 'Only if the gateway confirms it has no transfer for this payout. It will not be sent again; a new payout would be needed.'}{' '}
          Your decision and reason go into the audit log.
        </p>
        {paid && (
          <TextField
            label="Gateway reference"
            value={gatewayReference}
            onChange={(event) => setGatewayReference(event.target.value)}
            error={fields.gatewayReference}
            maxLength={100}
            required
          />
        )}
        <TextField
          label={paid ? 'How you know it was paid' : 'Why it was not paid'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fields.reason}
          maxLength={300}
          required
        />
        <PinField label="Your PIN" value={pin} onChange={setPin} error={fields.pin} required />
        {error && <p className="field__error">{error}</p>}
        <p className="po-review__actions">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={paid ? 'success' : 'danger'}
            busy={busy}
            disabled={pin.length < 4}
          >
            Mark as {paid ? 'paid' : 'not paid'}
          </Button>
        </p>
      </form>
    </Dialog>
  )
}
