// The Collect screen, in the order a cashier thinks: the amount due first (keyboard or keypad),
// then the customer (search, or a new one), and the charge opens; the instructions screen takes
// over from there. Open charges waiting for a balance, and transfers that arrived late, are
// listed beside it so nothing is forgotten.
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { DEFAULT_CURRENCY, toDecimalString, type Minor } from '../../../common/money'
import { Badge, Banner, Button, Card } from '../../components'
import { formatMoney } from '../../lib/format'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { connectCollections, useCollections } from '../../store/collections'
import { useNavigation } from '../../store/navigation'
import { unlockAudio } from '../Instructions/chime'
import { AmountStep } from './AmountStep'
import { CreateCustomer, CustomerSearch, type ChosenCustomer } from './CustomerStep'
import { CustomerDisplayButton } from './CustomerDisplayButton'
import { LateTransfers } from './LateTransfers'
import { OfflineNotice } from './OfflineNotice'
import './collections.css'

type Step =
  | { at: 'amount' }
  | { at: 'customer'; amount: Minor }
  | { at: 'create'; amount: Minor; prefill: string }

export default function CollectScreen() {
  const go = useNavigation((s) => s.go)
  const [step, setStep] = useState<Step>({ at: 'amount' })
  const [text, setText] = useState('')
  const [sale, setSale] = useState('')
  const [amountError, setAmountError] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [opening, setOpening] = useState(false)
  const { t } = useTranslation()
  useEffect(() => connectCollections(), [])
  useEffect(() => {
    void useCollections
      .getState()
      .refresh()
      .catch(() => undefined)
  }, [])

  // Esc starts over: the next customer.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('dialog[open]')) return
      setStep({ at: 'amount' })
      setText('')
      setSale('')
      setAmountError(null)
      setProblem(null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const open = async (amount: Minor, customer: ChosenCustomer) => {
    unlockAudio() // a user gesture: lets the "paid" chime play later
    setOpening(true)
    setProblem(null)
    try {
      const charge = await call('charge.open', {
        accountReference: customer.accountReference,
        amount: toDecimalString(amount),
        ...(sale.trim() ? { saleReference: sale.trim() } : {}),
      })
      useCollections.getState().upsert(charge)
      useCollections
        .getState()
        .setNotice(customer.notice ? { chargeId: charge.id, text: customer.notice } : null)
      go('instructions', charge.id)
    } catch (error) {
      const fields = fieldsOf(error)
      // An amount main refuses goes back beside the amount; anything else stays here.
      if (fields.amount) {
        setAmountError(fields.amount)
        setStep({ at: 'amount' })
      } else setProblem(fields.saleReference ?? messageOf(error))
    } finally {
      setOpening(false)
    }
  }

  return (
    <div className="col-screen collect">
      <OfflineNotice />
      <div className="collect__grid">
        <div className="collect__main">
          {step.at === 'amount' ? (
            <AmountStep
              text={text}
              sale={sale}
              serverError={amountError}
              onText={(next) => {
                setText(next)
                setAmountError(null)
              }}
              onSale={setSale}
              onNext={(amount) => setStep({ at: 'customer', amount })}
            />
          ) : (
            <>
              <div className="collect__due" data-testid="collect-due">
                <span>
                  <Trans
                    t={t}
                    i18nKey="collect.due"
                    values={{ amount: formatMoney(step.amount, DEFAULT_CURRENCY) }}
                    components={{ strong: <strong /> }}
                  />
                  {sale.trim() ? (
                    <span className="muted"> · {t('collect.sale', { sale: sale.trim() })}</span>
                  ) : null}
                </span>
                <Button size="sm" onClick={() => setStep({ at: 'amount' })}>
                  {t('collect.changeAmount')}
                </Button>
              </div>
              {problem && <Banner tone="danger" title={problem} />}
              {step.at === 'customer' ? (
                <CustomerSearch
                  busy={opening}
                  onChosen={(customer) => void open(step.amount, customer)}
                  onCreate={(prefill) => setStep({ at: 'create', amount: step.amount, prefill })}
                />
              ) : (
                <CreateCustomer
                  prefill={step.prefill}
                  busy={opening}
                  onCreated={(customer) => void open(step.amount, customer)}
                  onBack={() => setStep({ at: 'customer', amount: step.amount })}
                />
              )}
            </>
          )}
        </div>
        <aside className="collect__side">
          <CustomerDisplayButton />
          <OpenCharges />
          <LateTransfers />
        </aside>
      </div>
    </div>
  )
}

function OpenCharges() {
  const charges = useCollections((s) => s.charges)
  const go = useNavigation((s) => s.go)
  const { t } = useTranslation()
  const open = Object.values(charges)
    .filter((c) => c.state === 'open')
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt))
  return (
    <Card
      title={t('collect.open.title')}
      description={open.length === 0 ? t('collect.open.none') : undefined}
    >
      {open.length > 0 && (
        <ul className="mini-list">
          {open.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="mini-list__item"
                onClick={() => go('instructions', c.id)}
              >
                <span>
                  <strong>{c.account.accountName}</strong>
                  <small>
                    {t('collect.open.due', { amount: formatMoney(c.amountDue, c.currency) })}
                  </small>
                </span>
                {c.reconciliation.status === 'part_paid' ? (
                  <Badge tone="warning">
                    {t('collect.open.balance', {
                      amount: formatMoney(c.reconciliation.balanceDue, c.currency),
                    })}
                  </Badge>
                ) : c.needsDecision ? (
                  <Badge tone="info">{t('collect.open.overpaid')}</Badge>
                ) : (
                  <Badge tone="neutral">{t('status.waiting')}</Badge>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
