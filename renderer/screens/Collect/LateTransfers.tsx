// Money that arrived in a customer's account when no open charge could take it (after the sale
// closed, or between sales). Never dropped: it stays here until a cashier records what was done.
import { formatMoney, formatWhen } from '../../lib/format'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { TransferView } from '../../../common/ipc/collections'
import { Badge, Banner, Button, Card, Dialog, TextField } from '../../components'
import { call, messageOf } from '../../lib/pos'
import { useCollections } from '../../store/collections'

export function LateTransfers() {
  const late = useCollections((s) => s.late)
  const charges = useCollections((s) => s.charges)
  const [selected, setSelected] = useState<TransferView | null>(null)
  const { t } = useTranslation()
  if (late.length === 0) return null
  return (
    <Card
      title={t('collect.late.title')}
      description={t('collect.late.description')}
      className="late-card"
    >
      <ul className="mini-list" data-testid="late-transfers">
        {late.map((transfer) => (
          <li key={transfer.reference}>
            <button type="button" className="mini-list__item" onClick={() => setSelected(transfer)}>
              <span>
                <strong>{formatMoney(transfer.amount, transfer.currency)}</strong>
                <small>
                  {(transfer.chargeId && charges[transfer.chargeId]?.account.accountName) ||
                    transfer.accountReference}{' '}
                  · {formatWhen(transfer.createdAt)}
                </small>
              </span>
              {/* Received with no open charge to take it: Late, the glossary's word. */}
              <Badge tone={transfer.status === 'success' ? 'warning' : 'neutral'}>
                {transfer.status === 'success' ? t('status.late') : transfer.status}
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
  const { t } = useTranslation()
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
    <Dialog open={transfer !== null} onClose={onClose} title={t('collect.late.one')}>
      {transfer && (
        <form className="form" onSubmit={(event) => void submit(event)}>
          <p>
            {t('collect.late.arrived', {
              amount: formatMoney(transfer.amount, transfer.currency),
              account: transfer.accountReference,
              when: formatWhen(transfer.createdAt),
              reference: transfer.reference,
            })}
          </p>
          {problem && <Banner tone="danger">{problem}</Banner>}
          <TextField
            label={t('collect.late.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            required
            autoFocus
            maxLength={200}
            hint={t('collect.late.noteHint')}
          />
          <div className="form__actions">
            <Button onClick={onClose}>{t('collect.late.later')}</Button>
            <Button type="submit" variant="primary" busy={busy} disabled={note.trim() === ''}>
              {t('collect.late.record')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
