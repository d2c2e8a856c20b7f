// Cancelling a charge the customer has not paid: a quick reason or one in words, confirmed.
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChargeView } from '../../../common/ipc/collections'
import { Banner, Button, Dialog, TextField } from '../../components'
import { formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { useCollections } from '../../store/collections'

const QUICK_REASONS = ['left', 'otherWay', 'wrongAmount'] as const

export function CancelDialog({
  charge,
  open,
  onClose,
}: {
  charge: ChargeView
  open: boolean
  onClose: () => void
}) {
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useTranslation()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      useCollections.getState().upsert(await call('charge.cancel', { chargeId: charge.id, reason }))
      onClose()
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open={open} onClose={onClose} title={t('instructions.cancelTitle')} tone="danger">
      <form className="form" onSubmit={(event) => void submit(event)}>
        {charge.reconciliation.received > 0 && (
          <Banner tone="warning">
            {t('instructions.alreadyArrived', {
              amount: formatMoney(charge.reconciliation.received, charge.currency),
            })}
          </Banner>
        )}
        <p>{t('instructions.afterCancel')}</p>
        {problem && <Banner tone="danger">{problem}</Banner>}
        <TextField
          label={t('instructions.reason')}
          value={reason}
          required
          autoFocus
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="chips">
          {QUICK_REASONS.map((key) => {
            const words = t(`instructions.reasons.${key}`)
            return (
              <button key={key} type="button" className="chip" onClick={() => setReason(words)}>
                {words}
              </button>
            )
          })}
        </div>
        <div className="form__actions">
          <Button onClick={onClose}>{t('instructions.keepWaiting')}</Button>
          <Button type="submit" variant="danger" busy={busy} disabled={reason.trim() === ''}>
            {t('instructions.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
