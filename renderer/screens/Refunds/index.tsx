// Refunds of completed checkout payments. Anyone signed in can look a payment's refunds up;
// a supervisor or admin issues them (main enforces the same rule). Main works out what can
// still be refunded and follows each refund until it settles; the screen only shows it.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react'
import { toDecimalString, type Minor } from '../../../common/money'
import type { RefundHistoryInput, RefundView, RefundablePayment } from '../../../common/ipc/refunds'
import type { RefundCountsView } from '../../../common/ipc/refunds'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  MoneyInput,
  Spinner,
  Tabs,
  TextField,
} from '../../components'
import {
  DataTable,
  DetailList,
  FilterBar,
  FilterSelect,
  Form,
  FormActions,
  InlineLookup,
  PAGE_SIZE,
  PagedTable,
  StatTile,
  StatTiles,
  useFilterForm,
  withFieldErrors,
  type Column,
} from '../../components/kit'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { StatusBadge, money, useFormErrors, useSupervisor, when } from '../Payments/parts'
import { connectRefunds, useRefunds } from './store'
import { UnsettledRefunds } from './UnsettledRefunds'
import '../Payments/gateway.css'

type Tab = 'refund' | 'history'
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'refund', label: 'Refund a payment' },
  { id: 'history', label: 'History' },
]

export default function RefundsScreen() {
  const supervisor = useSupervisor()
  const [tab, setTab] = useState<Tab>('refund')
  const routeRef = useNavigation((s) => s.route.rest[0] ?? '')

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
        <Tabs label="Refunds" tabs={TABS} selected={tab} onSelect={setTab} look="gateway" />
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
              title={loading ? 'Looking the payment up…' : 'Find the payment to refund'}
            >
              <p>
                Enter the payment reference from the customer's receipt, or open the payment from
                the Payments or Reports screen. You'll see what was paid, what has gone back, and
                what can still be refunded.
              </p>
            </EmptyState>
          </Card>
        )}
      </div>
      <aside className="gw-split__side">
        <InlineLookup
          title="Find the payment"
          label="Payment reference"
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
          action="Find"
          variant="primary"
        />
        {payment && <RefundsOfPayment refunds={payment.refunds} />}
      </aside>
    </div>
  )
}

function PaymentBalance({ payment }: { payment: RefundablePayment }) {
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
        <StatTile label="Paid" value={money(payment.paid, payment.currency)} />
        <StatTile label="Refunded" value={money(payment.refunded, payment.currency)} />
        <StatTile label="In progress" value={money(payment.inProgress, payment.currency)} />
        <StatTile
          label="Can refund now"
          value={money(payment.refundable, payment.currency)}
          emphasis
          testId="refundable"
        />
      </StatTiles>
      {payment.blockedReason && (
        <Banner tone="info" title="No refund possible">
          {payment.blockedReason}
        </Banner>
      )}
    </Card>
  )
}

const REASONS = [
  'Returned goods',
  'Order cancelled',
  'Charged twice',
  'Price adjustment',
  'Service not provided',
]

function RefundForm({ payment, supervisor }: { payment: RefundablePayment; supervisor: boolean }) {
  const issued = useRefunds((s) => s.issued)
  const [kind, setKind] = useState<'full' | 'partial'>('full')
  const [amount, setAmount] = useState<Minor | null>(null)
  const [reason, setReason] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { message, fields, fail, edit, editText, busy, send } = useFormErrors()

  if (!supervisor)
    return (
      <Banner tone="info" title="A supervisor issues refunds">
        Money going back to a customer needs a supervisor or admin. Ask one to sign in with Switch
        user; you can see the balance and every refund of this payment here.
      </Banner>
    )
  if (issued && issued.paymentReference === payment.paymentReference)
    return (
      <Card title="Refund sent" actions={<StatusBadge kind="refund" status={issued.status} />}>
        <div className="gw-screen" data-testid="refund-issued" data-status={issued.status}>
          <p className="gw-big-amount">{money(issued.amount, issued.currency)}</p>
          <DetailList
            items={[
              {
                label: 'Refund reference',
                value: <span className="mono">{issued.reference}</span>,
              },
              { label: 'Reason', value: issued.reason ?? '—' },
              {
                label: 'Status',
                value: issued.final
                  ? issued.status === 'success'
                    ? 'Refunded to the customer'
                    : `Failed: ${issued.failureReason ?? 'no reason given'}`
                  : 'With the bank; this updates by itself',
              },
            ]}
          />
          <div className="gw-actions">
            <Button icon="plus" onClick={() => useRefunds.getState().setIssued(null)}>
              Another refund of this payment
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
    <Card title="Refund">
      <Form onSubmit={review} label="Refund" noValidate message={message}>
        <fieldset className="gw-choice">
          <legend>How much</legend>
          <label>
            <input
              type="radio"
              name="kind"
              value="full"
              checked={kind === 'full'}
              onChange={() => setKind('full')}
            />
            All that can be refunded ({money(payment.refundable, payment.currency)})
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              value="partial"
              checked={kind === 'partial'}
              onChange={() => setKind('partial')}
            />
            Part of it
          </label>
        </fieldset>
        {kind === 'partial' && (
          <MoneyInput
            label="Amount to refund"
            name="amount"
            value={amount}
            onChange={edit('amount', setAmount)}
            currency={payment.currency}
            hint={`Up to ${money(payment.refundable, payment.currency)}.`}
            error={fields.amount}
            autoFocus
          />
        )}
        <TextField
          label="Reason"
          name="reason"
          list="refund-reasons"
          autoComplete="off"
          value={reason}
          onChange={editText('reason', setReason)}
          hint="Kept with the refund; pick a common one or type your own."
          error={fields.reason}
        />
        <datalist id="refund-reasons">
          {REASONS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
        <FormActions
          submit={{
            label: 'Review refund',
            size: 'lg',
            icon: 'refunds',
            disabled: kind === 'partial' && amount === null,
          }}
        />
      </Form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Send this refund?"
        tone="danger"
        cancelLabel="Go back"
        confirmLabel={<>Refund {shown === null ? '' : money(shown, payment.currency)}</>}
        confirmIcon="refunds"
        busy={busy}
        onConfirm={() => void issue()}
      >
        <p>
          {shown === null ? 'The amount' : <strong>{money(shown, payment.currency)}</strong>} goes
          back to {payment.customerName ?? payment.email} for payment{' '}
          <span className="mono">{payment.paymentReference}</span>.
        </p>
        <p>Reason: {reason.trim() || '—'}</p>
        <p className="muted">A refund can't be called back once sent.</p>
      </ConfirmDialog>
    </Card>
  )
}

function RefundsOfPayment({ refunds }: { refunds: RefundView[] }) {
  return (
    <Card title="Refunds of this payment">
      <DataTable
        testId="payment-refunds"
        rows={refunds}
        rowKey={(r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`}
        rowTitle={(r) => r.reference ?? undefined}
        empty="None yet."
        columns={[
          {
            header: 'When',
            cell: (r) => (
              <>
                {when(r.createdAt)}
                <div className="muted gw-list__sub">{r.reason ?? ''}</div>
              </>
            ),
          },
          { header: 'Amount', align: 'end', cell: (r) => money(r.amount, r.currency) },
          {
            header: 'Status',
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

type HistoryForm = { status: string; paymentReference: string; from: string; to: string }

function toFilter(form: HistoryForm): Omit<RefundHistoryInput, 'page' | 'pageSize'> {
  return {
    ...(form.status ? { status: form.status as NonNullable<RefundHistoryInput['status']> } : {}),
    ...(form.paymentReference.trim() ? { paymentReference: form.paymentReference.trim() } : {}),
    ...(form.from ? { from: form.from } : {}),
    ...(form.to ? { to: form.to } : {}),
  }
}

const REFUND_STATES = [
  ['pending', 'Requested'],
  ['processing', 'Processing'],
  ['success', 'Refunded'],
  ['failed', 'Failed'],
] as const

function History({ onOpen }: { onOpen: (paymentReference: string) => void }) {
  const { form, set, filter, apply } = useFilterForm<HistoryForm, ReturnType<typeof toFilter>>(
    { status: '', paymentReference: '', from: '', to: '' },
    toFilter,
  )
  const [fields, setFields] = useState<Record<string, string>>({})
  const [counts, setCounts] = useState<RefundCountsView | null>(null)
  const [total, setTotal] = useState<number | null>(null)

  useEffect(() => {
    call('refunds.counts')
      .then(setCounts)
      .catch(() => setCounts(null))
  }, [filter])

  const fetchPage = useCallback(
    (page: number) =>
      withFieldErrors(async () => {
        const result = await call('refunds.history', { ...filter, page, pageSize: PAGE_SIZE })
        return { items: result.items, totalItems: result.totalItems }
      }, setFields),
    [filter],
  )
  const columns = useMemo<Column<RefundView>[]>(
    () => [
      { header: 'When', width: '9rem', cell: (r) => when(r.createdAt) },
      {
        header: 'Payment',
        width: 'minmax(0, 1.2fr)',
        cell: (r) => <span className="mono">{r.paymentReference}</span>,
      },
      { header: 'Amount', width: '9rem', align: 'end', cell: (r) => money(r.amount, r.currency) },
      {
        header: 'Status',
        width: '8rem',
        cell: (r) => <StatusBadge kind="refund" status={r.status} />,
      },
      { header: 'Reason', width: 'minmax(0, 1fr)', cell: (r) => r.failureReason ?? r.reason ?? '' },
      {
        header: 'Refund',
        width: 'minmax(0, 1fr)',
        cell: (r) => <span className="mono">{r.reference}</span>,
      },
    ],
    [],
  )
  return (
    <div className="gw-screen">
      {counts ? (
        <StatTiles testId="refund-counts">
          <StatTile label="Requested" value={String(counts.pending)} />
          <StatTile label="Processing" value={String(counts.processing)} />
          <StatTile label="Refunded" value={String(counts.success)} />
          <StatTile label="Failed" value={String(counts.failed)} />
          <StatTile label="All refunds" value={String(counts.total)} emphasis />
        </StatTiles>
      ) : (
        <Spinner size={20} label="Counting refunds" />
      )}
      <Card>
        <FilterBar
          label="Filter refunds"
          onApply={apply}
          dates={{ from: form.from, to: form.to, onChange: set, errors: fields }}
        >
          <FilterSelect value={form.status} onChange={set('status')} choices={REFUND_STATES} />
          <TextField
            label="Payment reference"
            value={form.paymentReference}
            onChange={set('paymentReference')}
            error={fields.paymentReference}
          />
        </FilterBar>
      </Card>
      <p aria-live="polite" data-testid="refund-history-count">
        {total === null ? 'Loading…' : `${total.toLocaleString()} refund${total === 1 ? '' : 's'}`}
      </p>
      <PagedTable
        label="Refunds"
        queryKey={JSON.stringify(filter)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey={(r) => r.reference ?? `unreferenced-${r.createdAt ?? ''}-${r.amount ?? ''}`}
        onRowClick={(r) => r.paymentReference && onOpen(r.paymentReference)}
        rowLabel={(r) =>
          `Refund ${r.reference} of ${money(r.amount, r.currency)}, open payment ${r.paymentReference}`
        }
        empty="No refunds match."
        onTotal={setTotal}
      />
    </div>
  )
}
