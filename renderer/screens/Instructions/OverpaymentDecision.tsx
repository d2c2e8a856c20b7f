// An overpaid charge: the cashier records whether the extra is refunded or kept as credit
// (main records the decision; nothing is sent to the gateway from here).
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { ChargeView, OverpaymentDecision } from '../../../common/ipc/collections'
import { Banner, Button, TextField } from '../../components'
import { formatMoney } from '../../lib/format'
import { call, messageOf } from '../../lib/pos'
import { useCollections } from '../../store/collections'

export function OverpaymentDecisionCard({ charge }: { charge: ChargeView }) {
  const [decision, setDecision] = useState<OverpaymentDecision>('refund')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useTranslation()
  const over = formatMoney(charge.reconciliation.overpaidBy, charge.currency)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    try {
      useCollections
        .getState()
        .upsert(await call('charge.decideOverpayment', { chargeId: charge.id, decision, note }))
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form
      className="decision-card"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="decide-title"
    >
      <h2 id="decide-title">{t('instructions.overpaidQuestion', { amount: over })}</h2>
      {problem && <Banner tone="danger">{problem}</Banner>}
      <fieldset className="decision-card__choices">
        <legend className="visually-hidden">{t('instructions.decisionLegend')}</legend>
        <label className={decision === 'refund' ? 'choice is-selected' : 'choice'}>
          <input
            type="radio"
            name="decision"
            value="refund"
            checked={decision === 'refund'}
            onChange={() => setDecision('refund')}
          />
          <span>
            <strong>{t('instructions.refundOver', { amount: over })}</strong>
            <small>{t('instructions.refundHint')}</small>
          </span>
        </label>
        <label className={decision === 'credit' ? 'choice is-selected' : 'choice'}>
          <input
            type="radio"
            name="decision"
            value="credit"
            checked={decision === 'credit'}
            onChange={() => setDecision('credit')}
          />
          <span>
            <strong>{t('instructions.creditOver', { amount: over })}</strong>
            <small>{t('instructions.creditHint')}</small>
          </span>
        </label>
      </fieldset>
      <TextField
        label={t('instructions.note')}
        value={note}
        maxLength={200}
        onChange={(e) => setNote(e.target.value)}
      />
      <Button type="submit" variant="primary" busy={busy} icon="check">
        {t('instructions.recordDecision')}
      </Button>
    </form>
  )
}
