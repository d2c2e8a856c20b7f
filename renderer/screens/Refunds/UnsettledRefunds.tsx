// Refunds this till sent whose answer was lost and which the gateway has not confirmed: why, in
// words, what was tried and what the gateway said; and, for a supervisor who did not issue it,
// the decision: made (with the gateway's reference) or not made (with a reason), with their
// PIN. Shown only when there are any. Main decides who may decide and keeps the record.
import { useEffect, useState, type FormEvent } from 'react'
import type { RefundView } from '../../../common/ipc/refunds'
import { Banner, Button, Dialog, PinField, TextField } from '../../components'
import { formatDateTime } from '../../lib/format'
import { call, fieldsOf, messageOf, subscribe } from '../../lib/pos'
import { money } from '../Payments/parts'
import '../Payouts/review.css'

type Decision = 'refunded' | 'not_refunded'

export function UnsettledRefunds() {
  const [items, setItems] = useState<RefundView[]>([])
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const load = () =>
      call('refunds.unsettled').then(setItems, (problem: unknown) => setError(messageOf(problem)))
    void load()
    return subscribe('refunds.updated', () => void load())
  }, [])
  if (error)
    return (
      <Banner tone="warning" title="Unconfirmed refunds could not be loaded">
        {error}
      </Banner>
    )
  if (items.length === 0) return null
  return (
    <section
      className="po-review"
      aria-label="Refunds the gateway has not confirmed"
      data-testid="refunds-unsettled"
    >
      <p className="po-review__why">
        Not confirmed by the gateway: these refunds may or may not have been made. Don't issue them
        again.
      </p>
      {items.map((view) => (
        <UnsettledRefund
          key={view.reference ?? ''}
          view={view}
          onDecided={(r) => setItems((all) => all.filter((v) => v.reference !== r.reference))}
        />
      ))}
    </section>
  )
}

function UnsettledRefund({
  view,
  onDecided,
}: {
  view: RefundView
  onDecided: (view: RefundView) => void
}) {
  const [deciding, setDeciding] = useState<Decision | null>(null)
  const outcome = view.outcome
  if (!outcome) return null
  return (
    <article data-reference={view.reference}>
      <p>
        <strong>{money(view.amount, view.currency)}</strong> of payment{' '}
        <span className="mono">{view.paymentReference}</span>, refund{' '}
        <span className="mono">{view.reference}</span>
      </p>
      <p>{outcome.why}</p>
      <details className="po-review__steps">
        <summary>
          What the till tried since {formatDateTime(outcome.since)} ({outcome.steps.length})
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
      {outcome.decideBlocked ? (
        <p className="muted small">{outcome.decideBlocked}</p>
      ) : (
        <p className="po-review__actions">
          <Button size="sm" variant="primary" onClick={() => setDeciding('refunded')}>
            Mark as made…
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeciding('not_refunded')}>
            Mark as not made…
          </Button>
        </p>
      )}
      <DecideDialog
        view={view}
        decision={deciding}
        onClose={() => setDeciding(null)}
        onDecided={onDecided}
      />
    </article>
  )
}

function DecideDialog({
  view,
  decision,
  onClose,
  onDecided,
}: {
  view: RefundView
  decision: Decision | null
  onClose: () => void
  onDecided: (view: RefundView) => void
}) {
  const [gatewayReference, setGatewayReference] = useState('')
  const [reason, setReason] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const made = decision === 'refunded'
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    // Refunds listed here come from this till's journal, so they always have a reference.
    if (!decision || !view.reference) return
    setBusy(true)
    setError(null)
    setFields({})
    try {
      const base = { reference: view.reference, pin, reason }
      const result = await call(
        'refunds.decideOutcome',
        made
          ? { ...base, outcome: 'refunded', gatewayReference }
          : { ...base, outcome: 'not_refunded' },
      )
      setPin('')
      onDecided(result)
      onClose()
    } catch (problem) {
      setFields(fieldsOf(problem))
      setError(messageOf(problem))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={decision !== null}
      onClose={onClose}
      title={`Refund ${view.reference}: mark as ${made ? 'made' : 'not made'}?`}
    >
      <form className="stack" onSubmit={(event) => void submit(event)}>
        <p>
          {made
            ? "Only if the gateway shows this refund: enter the gateway's reference for it."
            : 'Only if the gateway confirms it has no such refund.'}{' '}
          Your decision and reason are recorded with the refund.
        </p>
        {made && (
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
          label={made ? 'How you know it was made' : 'Why it was not made'}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fields.reason}
          maxLength={200}
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
            variant={made ? 'success' : 'danger'}
            busy={busy}
            disabled={pin.length < 4}
          >
            Mark as {made ? 'made' : 'not made'}
          </Button>
        </p>
      </form>
    </Dialog>
  )
}
