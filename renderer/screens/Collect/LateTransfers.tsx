// Money that arrived in a customer's account when no open charge could take it (after the sale
// closed, or between sales). Never dropped: it stays here until a cashier records what was done.
import { formatWhen } from '../../lib/format'
import { useState, type FormEvent } from 'react'
import { formatMoney } from '../../../common/money'
import type { TransferView } from '../../../common/ipc/collections'
import { Badge, Banner, Button, Card, Dialog, TextField } from '../../components'
import { call, messageOf } from '../../lib/pos'
import { useCollections } from '../../store/collections'

export function LateTransfers() {
  const late = useCollections((s) => s.late)
  const charges = useCollections((s) => s.charges)
  const [selected, setSelected] = useState<TransferView | null>(null)
  if (late.length === 0) return null
  return (
    <Card
      title="Late transfers"
      description="Arrived after the sale closed. Settle each with the customer."
      className="late-card"
    >
      <ul className="mini-list" data-testid="late-transfers">
        {late.map((t) => (
          <li key={t.reference}>
            <button type="button" className="mini-list__item" onClick={() => setSelected(t)}>
              <span>
                <strong>{formatMoney(t.amount, t.currency)}</strong>
                <small>
                  {(t.chargeId && charges[t.chargeId]?.account.accountName) || t.accountReference} ·{' '}
                  {formatWhen(t.createdAt)}
                </small>
              </span>
              <Badge tone={t.status === 'success' ? 'warning' : 'neutral'}>
                {t.status === 'success' ? 'Unattributed' : t.status}
              </Badge>
            </button>
          </li>
        ))}
      </ul>
      <AcknowledgeDialog transfer={selected} onClose={() => setSelected(null)} />
    </Card>
  )
}

function AcknowledgeDialog({
  transfer,
  onClose,
}: {
  transfer: TransferView | null
  onClose: () => void
}) {
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!transfer) return
    setBusy(true)
    try {
      await call('collections.acknowledgeLate', { reference: transfer.reference, note })
      await useCollections.getState().refreshLate()
      setNote('')
      onClose()
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={transfer !== null} onClose={onClose} title="Late transfer">
      {transfer && (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <p>
            {formatMoney(transfer.amount, transfer.currency)} arrived in account{' '}
            {transfer.accountReference} at {formatWhen(transfer.createdAt)} (reference{' '}
            {transfer.reference}), after its charge had closed.
          </p>
          {problem && <Banner tone="danger">{problem}</Banner>}
          <TextField
            label="What was done"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required
            autoFocus
            maxLength={200}
            hint="e.g. Refunded in cash; kept as credit; applied to sale 1043."
          />
          <div className="form__actions">
            <Button onClick={onClose}>Later</Button>
            <Button type="submit" variant="primary" busy={busy} disabled={note.trim() === ''}>
              Record
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
