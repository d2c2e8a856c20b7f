// Refunds of completed checkout payments. Anyone signed in can look a payment's refunds up;
// a supervisor or admin issues them (main enforces the same rule). Main works out what can
// still be refunded and follows each refund until it settles; the screen only shows it.
import { useEffect, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { toDecimalString, type Minor } from '../../../common/money'
import type { RefundView, RefundablePayment } from '../../../common/ipc/refunds'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  MoneyInput,
  Tabs,
  TextField,
} from '../../components'
import {
  DataTable,
  DetailList,
  Form,
  FormActions,
  InlineLookup,
  StatTile,
  StatTiles,
} from '../../components/kit'
import { saySaid } from '../../i18n/errors'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { StatusBadge, money, useFormErrors, useSupervisor, when } from '../Payments/parts'
import { connectRefunds, useRefunds } from './store'
import { UnsettledRefunds } from './UnsettledRefunds'
import '../Payments/gateway.css'
import { History } from './History'

type Tab = 'refund' | 'history'
const TABS: Tab[] = ['refund', 'history']

export default function RefundsScreen() {
  const supervisor = useSupervisor()
  const [tab, setTab] = useState<Tab>('refund')
  const routeRef = useNavigation((s) => s.route.rest[0] ?? '')
  const { t } = useTranslation()

  useEffect(() => connectRefunds(), [])
  // Opening a payment (from History or the Payments screen) shows the refund tab.
  const [seenRoute, setSeenRoute] = useState(routeRef)
  if (routeRef !== seenRoute) {
    setSeenRoute(routeRef)
    if (routeRef) setTab('refund')
  }

  return (
    <div className="gw-screen" data-testid="refunds-screen">
      {supervisor && (
        <Tabs
          label={t('refunds.label')}
          tabs={TABS.map((id) => ({ id, label: t(`refunds.tabs.${id}`) }))}
          selected={tab}
          onSelect={setTab}
          look="gateway"
        />
      )}
      {supervisor && <UnsettledRefunds />}
      {tab === 'refund' || !supervisor ? (
        <RefundPayment key={routeRef} supervisor={supervisor} />
      ) : (
        <History
          onOpen={(paymentReference) => {
            setTab('refund')
            useNavigation.getState().go('refunds', paymentReference)
          }}
        />
      )}
    </div>
  )
}

function RefundPayment({ supervisor }: { supervisor: boolean }) {
  const routeRef = useNavigation((s) => s.route.rest[0] ?? '')
  const payment = useRefunds((s) => s.payment)
  const loading = useRefunds((s) => s.loading)
  const error = useRefunds((s) => s.error)
  const [reference, setReference] = useState(routeRef)
  const { t } = useTranslation()

  // #/refunds/<payment reference> (from the Payments screen) looks it up at once.
  useEffect(() => {
    if (routeRef) void useRefunds.getState().lookUp(routeRef)
  }, [routeRef])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (reference.trim()) void useRefunds.getState().lookUp(reference.trim())
  }
  const fields = fieldsOf(error)

  return (
    <div className="gw-split">
      <div className="gw-split__main">
        {payment ? (
          <>
            <PaymentBalance payment={payment} />
            <RefundForm payment={payment} supervisor={supervisor} />
          </>
        ) : (
          <Card>
            <EmptyState
              icon="refunds"
              title={loading ? t('refunds.find.lookingUp') : t('refunds.find.title')}
            >
              <p>{t('refunds.find.help')}</p>
            </EmptyState>
          </Card>
        )}
      </div>
      <aside className="gw-split__side">
        <InlineLookup
          title={t('refunds.find.card')}
          label={t('refunds.paymentReference')}
          name="paymentReference"
          autoFocus={!routeRef}
          value={reference}
          onChange={setReference}
          onSubmit={submit}
          error={
            fields.paymentReference ??
            (error !== null && error !== undefined ? messageOf(error) : undefined)
          }
          busy={loading}
          action={t('refunds.find.action')}
          variant="primary"
        />
        {payment && <RefundsOfPayment refunds={payment.refunds} />}
      </aside>
    </div>
  )
}

function PaymentBalance({ payment }: { payment: RefundablePayment }) {
  const { t } = useTranslation()
  return (
    <Card
      title={payment.customerName ?? payment.email}
      description={
        <>
          {payment.customerName ? `${payment.email} · ` : ''}
          <span className="mono">{payment.paymentReference}</span>
        </>
      }
      actions={<StatusBadge kind="payment" status={payment.paymentStatus} />}
    >
      <StatTiles columns={4} testId="refund-balance">
        <StatTile label={t('status.paid')} value={money(payment.paid, payment.currency)} />
        <StatTile
          label={t('refunds.balance.refunded')}
          value={money(payment.refunded, payment.currency)}
        />
        <StatTile
          label={t('refunds.balance.inProgress')}
          value={money(payment.inProgress, payment.currency)}
        />
        <StatTile
          label={t('refunds.balance.refundable')}
          value={money(payment.refundable, payment.currency)}
          emphasis
          testId="refundable"
        />
      </StatTiles>
      {payment.blockedReason && (
        <Banner tone="info" title={t('refunds.balance.blocked')}>
          {saySaid(payment.blockedSay, payment.blockedReason)}
        </Banner>
      )}
    </Card>
  )
}

/** Common reasons offered while typing; what is typed is kept as typed. */
const REASONS = ['returned', 'cancelled', 'twice', 'price', 'notProvided'] as const

function RefundForm({ payment, supervisor }: { payment: RefundablePayment; supervisor: boolean }) {
  const issued = useRefunds((s) => s.issued)
  const [kind, setKind] = useState<'full' | 'partial'>('full')
  const [amount, setAmount] = useState<Minor | null>(null)
  const [reason, setReason] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { message, fields, fail, edit, editText, busy, send } = useFormErrors()
  const { t } = useTranslation()

  if (!supervisor)
    return (
      <Banner tone="info" title={t('refunds.supervisor.title')}>
        {t('refunds.supervisor.text')}
      </Banner>
    )
  if (issued && issued.paymentReference === payment.paymentReference)
    return (
      <Card
        title={t('refunds.sent.title')}
        actions={<StatusBadge kind="refund" status={issued.status} />}
      >
        <div className="gw-screen" data-testid="refund-issued" data-status={issued.status}>
          <p className="gw-big-amount">{money(issued.amount, issued.currency)}</p>
          <DetailList
            items={[
              {
                label: t('refunds.sent.reference'),
                value: <span className="mono">{issued.reference}</span>,
              },
              { label: t('refunds.reason'), value: issued.reason ?? '—' },
              {
                label: t('kit.status'),
                value: issued.final
                  ? issued.status === 'success'
                    ? t('refunds.sent.refunded')
                    : t('refunds.sent.failed', {
                        reason: issued.failureReason ?? t('refunds.sent.noReason'),
                      })
                  : t('refunds.sent.withBank'),
              },
            ]}
          />
          <div className="gw-actions">
            <Button icon="plus" onClick={() => useRefunds.getState().setIssued(null)}>
              {t('refunds.sent.another')}
            </Button>
          </div>
        </div>
      </Card>
    )
  if (payment.blockedReason) return null

  const review = (event: FormEvent) => {
    event.preventDefault()
    fail(null)
    setConfirming(true)
  }
  const issue = () =>
    send(async () => {
      const refund = await call('refunds.issue', {
        paymentReference: payment.paymentReference,
        kind,
        ...(kind === 'partial' ? { amount: amount === null ? '' : toDecimalString(amount) } : {}),
        reason,
      })
      setConfirming(false)
      setAmount(null)
      setReason('')
      useRefunds.getState().setIssued(refund)
      await useRefunds.getState().lookUp(payment.paymentReference)
    }).then((done) => done || setConfirming(false))
  const shown = kind === 'full' ? payment.refundable : amount

  return (
    <Card title={t('refunds.form.title')}>
      <Form onSubmit={review} label={t('refunds.form.title')} noValidate message={message}>
        <fieldset className="gw-choice">
          <legend>{t('refunds.form.howMuch')}</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="full"
              checked={kind === 'full'}
              onChange={() => setKind('full')}
            />
            {t('refunds.form.full', { amount: money(payment.refundable, payment.currency) })}
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              value="partial"
              checked={kind === 'partial'}
              onChange={() => setKind('partial')}
            />
            {t('refunds.form.partial')}
          </label>
        </fieldset>
        {kind === 'partial' && (
          <MoneyInput
            label={t('refunds.form.amount')}
            name="amount"
            value={amount}
            onChange={edit('amount', setAmount)}
            currency={payment.currency}
            hint={t('refunds.form.upTo', { amount: money(payment.refundable, payment.currency) })}
            error={fields.amount}
            autoFocus
          />
        )}
        <TextField
          label={t('refunds.reason')}
          name="reason"
          list="refund-reasons"
          autoComplete="off"
          value={reason}
          onChange={editText('reason', setReason)}
          hint={t('refunds.form.reasonHint')}
          error={fields.reason}
        />
        <datalist id="refund-reasons">
          {REASONS.map((r) => (
            <option key={r} value={t(`refunds.reasons.${r}`)} />
          ))}
        </datalist>
        <FormActions
          submit={{
            label: t('refunds.form.review'),
            size: 'lg',
            icon: 'refunds',
            disabled: kind === 'partial' && amount === null,
          }}
        />
      </Form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('refunds.confirm.title')}
        tone="danger"
        cancelLabel={t('refunds.confirm.back')}
        confirmLabel={t('refunds.confirm.send', {
          amount: shown === null ? '' : money(shown, payment.currency),
        }).trim()}
        confirmIcon="refunds"
        busy={busy}
        onConfirm={() => void issue()}
      >
        <p>
          <Trans
            t={t}
            i18nKey={shown === null ? 'refunds.confirm.goesBackAmount' : 'refunds.confirm.goesBack'}
            values={{
              amount: shown === null ? '' : money(shown, payment.currency),
              customer: payment.customerName ?? payment.email,
              payment: payment.paymentReference,
            }}
            components={{ strong: <strong />, mono: <span className="mono" /> }}
          />
        </p>
        <p>{t('refunds.confirm.reason', { reason: reason.trim() || '—' })}</p>
        <p className="muted">{t('refunds.confirm.final')}</p>
      </ConfirmDialog>
    </Card>
  )
}

function RefundsOfPayment({ refunds }: { refunds: RefundView[] }) {
  const { t } = useTranslation()
  return (
    <Card title={t('refunds.ofPayment.title')}>
      <DataTable
        testId="payment-refunds"
        rows={refunds}
        rowKey={(r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`}
        rowTitle={(r) => r.reference ?? undefined}
        empty={t('refunds.ofPayment.none')}
        columns={[
          {
            header: t('refunds.col.when'),
            cell: (r) => (
              <>
                {when(r.createdAt)}
                <div className="muted gw-list__sub">{r.reason ?? ''}</div>
              </>
            ),
          },
          {
            header: t('refunds.col.amount'),
            align: 'end',
            cell: (r) => money(r.amount, r.currency),
          },
          {
            header: t('kit.status'),
            cell: (r) => (
              <>
                <StatusBadge kind="refund" status={r.status} />
                {r.failureReason && <div className="gw-list__sub">{r.failureReason}</div>}
              </>
            ),
          },
        ]}
      />
    </Card>
  )
}
