// Training only (Demo environment): play the customer, whose bank sends the transfer, take the
// demo gateway down to see the till go offline and catch up, or lose the answer of the next
// payout, refund or debit to see the till meet an unknown outcome and find it by lookup.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toDecimalString, type Minor } from '../../../common/money'
import type { ChargeView } from '../../../common/ipc/collections'
import { Badge, Banner, Button, MoneyInput } from '../../components'
import { call, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'

/** Training only: the embedded sandbox receives the customer's transfer. */
export function DemoSimulator({ charge }: { charge: ChargeView }) {
  const environment = useEnvironment((s) => s.environment?.environment)
  // The shell loads the environment at start; if that call was lost (bridge reconnecting),
  // ask again rather than hide the training controls.
  useEffect(() => {
    if (environment === undefined) void useEnvironment.getState().refresh()
  }, [environment])
  const suggested =
    charge.reconciliation.balanceDue > 0 ? charge.reconciliation.balanceDue : charge.amountDue
  const [amount, setAmount] = useState<Minor | null>(suggested)
  const [busy, setBusy] = useState<'success' | 'failed' | null>(null)
  const [note, setNote] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  // The gateway's state, asked when the controls appear and told by every toggle: an outage
  // started from another charge's screen is still on when the cashier comes back.
  const [outage, setOutage] = useState(false)
  // Likewise the lost answer: the gateway spends it on the next payout, refund or debit, so the
  // button asks again whenever the controls appear.
  const [loseNext, setLoseNext] = useState(false)
  const { t } = useTranslation()
  useEffect(() => {
    if (environment !== 'demo') return
    let live = true
    call('demo.outage').then(
      (state) => live && setOutage(state.active),
      () => undefined,
    )
    call('demo.nextAnswer').then(
      (state) => live && setLoseNext(state.armed),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [environment])
  if (environment !== 'demo') return null
  const toggleOutage = async () => {
    try {
      const result = await call('demo.simulateOutage', { active: !outage })
      setOutage(result.active)
      setNote({
        tone: 'success',
        text: result.active ? t('instructions.demo.down') : t('instructions.demo.back'),
      })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    }
  }
  const toggleLoseNext = async () => {
    try {
      // Asked first: the armed answer may have been spent since this screen last looked.
      const now = await call('demo.nextAnswer')
      const result = await call('demo.loseNextAnswer', { armed: !now.armed })
      setLoseNext(result.armed)
      setNote({
        tone: 'success',
        text: result.armed ? t('instructions.demo.loseArmed') : t('instructions.demo.loseOff'),
      })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    }
  }
  const send = async (status: 'success' | 'failed') => {
    if (amount === null) return
    setBusy(status)
    setNote(null)
    try {
      const { reference } = await call('demo.simulateTransfer', {
        accountReference: charge.account.accountReference,
        amount: toDecimalString(amount),
        status,
      })
      setNote({ tone: 'success', text: t('instructions.demo.sent', { reference }) })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    } finally {
      setBusy(null)
    }
  }
  return (
    <section
      className="demo-sim no-print"
      aria-labelledby="demo-title"
      data-testid="demo-simulator"
    >
      <h2 id="demo-title">
        <Badge tone="info">{t('environment.demo')}</Badge> {t('instructions.demo.title')}
      </h2>
      <p>{t('instructions.demo.lead')}</p>
      <form
        className="demo-sim__form"
        onSubmit={(event) => {
          event.preventDefault()
          void send('success')
        }}
      >
        <MoneyInput
          label={t('instructions.demo.amount')}
          value={amount}
          onChange={setAmount}
          currency={charge.currency}
          name="demo-amount"
        />
        <Button
          type="submit"
          variant="primary"
          busy={busy === 'success'}
          disabled={amount === null}
        >
          {t('instructions.demo.send')}
        </Button>
        <Button
          busy={busy === 'failed'}
          disabled={amount === null}
          onClick={() => void send('failed')}
        >
          {t('instructions.demo.sendFailed')}
        </Button>
      </form>
      <div className="demo-sim__outage">
        <Button
          size="sm"
          icon={outage ? 'online' : 'offline'}
          onClick={() => void toggleOutage()}
          aria-pressed={outage}
        >
          {outage ? t('instructions.demo.endOutage') : t('instructions.demo.outage')}
        </Button>
        <Button
          size="sm"
          onClick={() => void toggleLoseNext()}
          aria-pressed={loseNext}
          data-testid="demo-lose-next"
        >
          {loseNext ? t('instructions.demo.keepNext') : t('instructions.demo.loseNext')}
        </Button>
      </div>
      {note && <Banner tone={note.tone}>{note.text}</Banner>}
    </section>
  )
}
