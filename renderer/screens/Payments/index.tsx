// Card and online payments through the gateway's hosted checkout. The cashier enters the
// amount and the customer's e-mail; main starts the payment with a reference it fixed first,
// and the customer pays on the checkout page (scanning the QR code with their phone, or in the
// browser). The status only changes when main has verified it with the gateway.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { toDecimalString, type Currency, type Minor } from '../../../common/money'
import type { CheckoutOutcome, CheckoutView } from '../../../common/ipc/payments'
import { Banner, Button, Card, EmptyState, Spinner, TextField } from '../../components'
import {
  DetailList,
  FieldGroup,
  Form,
  FormActions,
  PickList,
  useAction,
} from '../../components/kit'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { canSee } from '../../app/roles'
import { useEnvironment } from '../../store/environment'
import { useNavigation } from '../../store/navigation'
import { useSession } from '../../store/session'
import {
  AmountWithCurrency,
  LookupCard,
  METHOD_LABEL,
  QrCode,
  StatusBadge,
  money,
  useFormErrors,
  useSupervisor,
  when,
} from './parts'
import { t } from '../../i18n'
import { saySaid } from '../../i18n/errors'
import { connectPayments, usePayments } from './store'
import { PaymentOutcome, UnsettledPayments } from './UnsettledPayments'
import './gateway.css'

export default function PaymentsScreen() {
  const open = usePayments((s) => s.open)
  const view = usePayments((s) => (s.open ? s.byReference[s.open] : undefined))
  const routeRef = useNavigation((s) => s.route.rest[0] ?? null)
  const supervisor = useSupervisor()
  const { t } = useTranslation()

  useEffect(() => {
    const off = connectPayments()
    void usePayments.getState().loadRecent()
    return off
  }, [])

  // #/payments/<reference> opens that payment (from Reports or a receipt).
  useEffect(() => {
    if (!routeRef) return
    usePayments.getState().show(routeRef)
    call('payments.get', { reference: routeRef })
      .then((v) => usePayments.getState().upsert(v))
      .catch(() => undefined)
  }, [routeRef])

  return (
    <div className="gw-screen gw-split" data-testid="payments-screen">
      <div className="gw-split__main">
        {supervisor && <UnsettledPayments />}
        {open && view ? <PaymentPanel view={view} /> : open ? <Loading /> : <NewPayment />}
      </div>
      <aside className="gw-split__side" aria-label={t('payments.recent.title')}>
        <RecentPayments />
        <LookupPayment />
      </aside>
    </div>
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <Card>
      <div className="gw-center">
        <Spinner size={28} label={t('payments.loading')} />
      </div>
    </Card>
  )
}

function NewPayment() {
  const [amount, setAmount] = useState<Minor | null>(null)
  const [currency, setCurrency] = useState<Currency>('NGN')
  const [email, setEmail] = useState('')
  const [customerName, setCustomerName] = useState('')
  const [description, setDescription] = useState('')
  const { message, fields, edit, editText, busy, send } = useFormErrors()
  const { t } = useTranslation()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    await send(async () => {
      const view = await call('payments.start', {
        amount: amount === null ? '' : toDecimalString(amount),
        currency,
        email,
        ...(customerName.trim() ? { customerName } : {}),
        ...(description.trim() ? { description } : {}),
      })
      const store = usePayments.getState()
      store.upsert(view)
      store.show(view.reference)
    })
  }

  return (
    <Card title={t('payments.new.title')} description={t('payments.new.description')}>
      <Form onSubmit={submit} label={t('payments.new.form')} noValidate message={message}>
        <AmountWithCurrency
          label={t('payments.amount')}
          name="amount"
          amount={amount}
          onAmount={edit('amount', setAmount)}
          currency={currency}
          onCurrency={setCurrency}
          error={fields.amount}
          currencyError={fields.currency}
          autoFocus
        />
        <TextField
          label={t('payments.new.email')}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={editText('email', setEmail)}
          hint={t('payments.new.emailHint')}
          error={fields.email}
          required
        />
        <FieldGroup>
          <TextField
            label={t('payments.new.name')}
            name="customerName"
            autoComplete="off"
            value={customerName}
            onChange={editText('customerName', setCustomerName)}
            error={fields.customerName}
          />
          <TextField
            label={t('payments.new.for')}
            name="description"
            autoComplete="off"
            value={description}
            onChange={editText('description', setDescription)}
            placeholder={t('payments.new.forPlaceholder')}
            error={fields.description}
          />
        </FieldGroup>
        <FormActions
          submit={{
            label: t('payments.new.create'),
            size: 'lg',
            icon: 'payments',
            busy,
            shortcut: t('kit.enterKey'),
          }}
        />
      </Form>
    </Card>
  )
}

/** The panel's title for each status, in the till's language (read when it renders). */
const HEADLINE: Record<CheckoutView['status'], () => string> = {
  starting: () => t('payments.headline.starting'),
  pending: () => t('payments.headline.pending'),
  success: () => t('status.paid'),
  failed: () => t('payments.headline.failed'),
  abandoned: () => t('payments.headline.abandoned'),
  not_paid: () => t('payments.headline.notPaid'),
}

function PaymentPanel({ view }: { view: CheckoutView }) {
  const environment = useEnvironment((s) => s.environment?.environment)
  const role = useSession((s) => s.state?.user?.role)
  const go = useNavigation((s) => s.go)
  const checking = useAction()
  const [note, setNote] = useState<{ tone: 'danger' | 'info'; text: string } | null>(null)
  const newButton = useRef<HTMLSpanElement>(null)
  const { t } = useTranslation()

  // When the payment settles, put the cashier's next action under their finger.
  useEffect(() => {
    if (view.final) newButton.current?.querySelector('button')?.focus()
  }, [view.final])

  const check = () => {
    setNote(null)
    void checking.run(async () =>
      usePayments.getState().upsert(await call('payments.get', { reference: view.reference })),
    )
  }
  // One message at a time: the last check's problem, or what opening the checkout said.
  const shownNote =
    note ?? (checking.error ? { tone: 'danger' as const, text: checking.error } : null)
  const openCheckout = async () => {
    setNote(null)
    checking.setError(null)
    try {
      const result = await call('payments.openCheckout', { reference: view.reference })
      if (!result.opened && result.message)
        setNote({ tone: 'info', text: saySaid(result.say, result.message) })
    } catch (error) {
      setNote({ tone: 'danger', text: messageOf(error) })
    }
  }
  const done = () => {
    usePayments.getState().show(null)
    if (useNavigation.getState().route.rest.length > 0) go('payments')
  }

  return (
    <Card
      className={`gw-payment gw-payment--${view.status}`}
      title={HEADLINE[view.status]()}
      actions={
        <span ref={newButton}>
          <Button variant={view.final ? 'primary' : 'secondary'} icon="plus" onClick={done}>
            {t('payments.panel.newPayment')}
          </Button>
        </span>
      }
    >
      <div className="gw-payment__body" data-testid="payment-panel" data-status={view.status}>
        <div className="gw-payment__summary">
          <p className="gw-big-amount" data-testid="payment-amount">
            {money(view.amount, view.currency)}
          </p>
          <DetailList
            items={[
              {
                label: t('payments.panel.customer'),
                value: view.customerName ? `${view.customerName} · ${view.email}` : view.email,
              },
              view.description && { label: t('payments.panel.for'), value: view.description },
              {
                label: t('payments.panel.reference'),
                value: <span className="mono">{view.reference}</span>,
              },
              { label: t('payments.panel.started'), value: when(view.createdAt) },
              view.paidAt && { label: t('status.paid'), value: when(view.paidAt) },
              view.paymentMethod && {
                label: t('payments.panel.method'),
                value: METHOD_LABEL[view.paymentMethod] ?? view.paymentMethod,
              },
              view.amountRefunded > 0 && {
                label: t('payments.status.refunded'),
                value: money(view.amountRefunded, view.currency),
              },
              {
                label: t('payments.panel.checked'),
                value: view.verifiedAt
                  ? view.following
                    ? t('payments.panel.checkingAgain', { when: when(view.verifiedAt) })
                    : when(view.verifiedAt)
                  : t('payments.panel.notYet'),
              },
            ]}
          />
          {view.notice && <Banner tone="warning">{saySaid(view.noticeSay, view.notice)}</Banner>}
          <PaymentOutcome view={view} supervisor={canSee(role, 'supervisor')} />
          {shownNote && <Banner tone={shownNote.tone}>{shownNote.text}</Banner>}
          <div className="gw-actions">
            {!view.final && (
              <Button icon="refresh" busy={checking.busy} onClick={check}>
                {t('payments.panel.checkStatus')}
              </Button>
            )}
            {view.checkout?.canOpenExternally && (
              <Button icon="payments" onClick={() => void openCheckout()}>
                {t('payments.panel.openCheckout')}
              </Button>
            )}
            {view.status === 'success' && canSee(role, 'cashier') && (
              <Button icon="refunds" onClick={() => go('refunds', view.reference)}>
                {t('payments.panel.refund')}
              </Button>
            )}
          </div>
        </div>
        {view.checkout && (
          <figure className="gw-checkout">
            <QrCode
              matrix={view.checkout.qr}
              label={t('payments.panel.qr', { amount: money(view.amount, view.currency) })}
            />
            <figcaption>
              <strong>{t('payments.panel.scan')}</strong>
              <span className="muted">{t('payments.panel.orLink')}</span>
              {view.checkout.canOpenExternally ? (
                <code className="gw-link" data-testid="checkout-url">
                  {view.checkout.url}
                </code>
              ) : (
                <a
                  className="gw-link"
                  href={view.checkout.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="checkout-url"
                >
                  {view.checkout.url}
                </a>
              )}
            </figcaption>
          </figure>
        )}
        {environment === 'demo' && view.status === 'pending' && (
          <DemoCustomer reference={view.reference} />
        )}
        {view.status === 'success' && (
          <div className="gw-outcome gw-outcome--success" role="status">
            {view.paymentMethod
              ? t('payments.panel.paidBy', {
                  amount: money(view.amount, view.currency),
                  method:
                    METHOD_LABEL[view.paymentMethod]?.toLocaleLowerCase() ?? view.paymentMethod,
                })
              : t('payments.panel.paid', { amount: money(view.amount, view.currency) })}
          </div>
        )}
        {(view.status === 'failed' || view.status === 'abandoned') && (
          <div className="gw-outcome gw-outcome--failed" role="status">
            {view.status === 'failed'
              ? t('payments.panel.declined')
              : t('payments.panel.abandoned')}
          </div>
        )}
      </div>
    </Card>
  )
}

/** Demo gateway only: plays the customer at the checkout page, for training. */
function DemoCustomer({ reference }: { reference: string }) {
  const [busy, setBusy] = useState<CheckoutOutcome | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const { t } = useTranslation()
  const play = async (outcome: CheckoutOutcome) => {
    setBusy(outcome)
    setProblem(null)
    try {
      usePayments.getState().upsert(await call('payments.simulate', { reference, outcome }))
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(null)
    }
  }
  return (
    <div className="gw-demo" data-testid="demo-customer">
      <p className="gw-demo__title">{t('payments.demo.title')}</p>
      <div className="gw-actions">
        <Button
          size="sm"
          variant="success"
          busy={busy === 'success'}
          disabled={busy !== null}
          onClick={() => void play('success')}
        >
          {t('payments.demo.pays')}
        </Button>
        <Button
          size="sm"
          busy={busy === 'failed'}
          disabled={busy !== null}
          onClick={() => void play('failed')}
        >
          {t('payments.demo.declined')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          busy={busy === 'abandoned'}
          disabled={busy !== null}
          onClick={() => void play('abandoned')}
        >
          {t('payments.demo.walksAway')}
        </Button>
      </div>
      {problem && <Banner tone="danger">{problem}</Banner>}
    </div>
  )
}

function RecentPayments() {
  const recent = usePayments((s) => s.recent)
  const byReference = usePayments((s) => s.byReference)
  const open = usePayments((s) => s.open)
  const loadError = usePayments((s) => s.loadError)
  const { t } = useTranslation()
  return (
    <Card title={t('payments.recent.title')} description={t('payments.recent.description')}>
      {loadError && <Banner tone="warning">{loadError}</Banner>}
      {recent.length === 0 ? (
        <EmptyState icon="payments" title={t('payments.recent.empty')}>
          <p>{t('payments.recent.emptyHint')}</p>
        </EmptyState>
      ) : (
        <PickList
          testId="recent-payments"
          items={recent.slice(0, 30).flatMap((reference) => byReference[reference] ?? [])}
          keyOf={(v) => v.reference}
          activeKey={open}
          onPick={(v) => usePayments.getState().show(v.reference)}
          main={(v) => (
            <>
              <strong>{money(v.amount, v.currency)}</strong>
              <span className="gw-list__sub">{v.customerName ?? v.email}</span>
            </>
          )}
          end={(v) => (
            <>
              <StatusBadge kind="payment" status={v.status} />
              <span className="gw-list__sub">{when(v.createdAt)}</span>
            </>
          )}
        />
      )}
    </Card>
  )
}

function LookupPayment() {
  const { t } = useTranslation()
  return (
    <LookupCard
      title={t('payments.lookup.title')}
      label={t('payments.lookup.label')}
      name="reference"
      action={t('payments.lookup.action')}
      lookUp={async (reference) => {
        const view = await call('payments.get', { reference })
        usePayments.getState().upsert(view)
        usePayments.getState().show(view.reference)
      }}
      describe={(problem) => fieldsOf(problem).reference ?? messageOf(problem)}
    />
  )
}
