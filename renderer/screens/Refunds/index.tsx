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
  DateRangeFields,
  EmptyState,
  MoneyInput,
  SelectField,
  Spinner,
  Tabs,
  TextField,
} from '../../components'
import { canSee } from '../../app/roles'
import { call, fieldsOf, messageOf, summaryOf } from '../../lib/pos'
import { useNavigation } from '../../store/navigation'
import { useSession } from '../../store/session'
import { Facts, StatusBadge, money, useFormErrors, when } from '../Payments/parts'
import { PagedTable, PAGE_SIZE, type Column } from '../Reports/PagedTable'
import { connectRefunds, useRefunds } from './store'
import { UnsettledRefunds } from './UnsettledRefunds'
import '../Payments/gateway.css'

type Tab = 'refund' | 'history'
const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'refund', label: 'Refund a payment' },
  { id: 'history', label: 'History' },
]

export default function RefundsScreen() {
  const role = useSession((s) => s.state?.user?.role)
  const supervisor = canSee(role, 'supervisor')
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
        <Card title="Find the payment">
          <form className="gw-inline-form" onSubmit={submit} aria-label="Find the payment">
            <TextField
              label="Payment reference"
              name="paymentReference"
              autoComplete="off"
              spellCheck={false}
              autoFocus={!routeRef}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              error={
                fields.paymentReference ??
                (error !== null && error !== undefined ? messageOf(error) : undefined)
              }
            />
            <Button
              type="submit"
              variant="primary"
              icon="refresh"
              busy={loading}
              disabled={reference.trim() === ''}
            >
              Find
            </Button>
          </form>
        </Card>
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
      <div className="gw-tiles gw-tiles--4" data-testid="refund-balance">
        <Tile label="Paid" value={money(payment.paid, payment.currency)} />
        <Tile label="Refunded" value={money(payment.refunded, payment.currency)} />
        <Tile label="In progress" value={money(payment.inProgress, payment.currency)} />
        <Tile
          label="Can refund now"
          value={money(payment.refundable, payment.currency)}
          keyTile
          testId="refundable"
        />
      </div>
      {payment.blockedReason && (
        <Banner tone="info" title="No refund possible">
          {payment.blockedReason}
        </Banner>
      )}
    </Card>
  )
}

function Tile({
  label,
  value,
  keyTile,
  testId,
}: {
  label: string
  value: string
  keyTile?: boolean
  testId?: string
}) {
  return (
    <div className={`gw-tile${keyTile ? ' gw-tile--key' : ''}`} data-testid={testId}>
      <span className="gw-tile__label">{label}</span>
      <span className="gw-tile__value">{value}</span>
    </div>
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
  const [busy, setBusy] = useState(false)
  const { error, fields, fail, edit, editText } = useFormErrors()

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
          <Facts
            items={[
              [
                'Refund reference',
                <span className="mono" key="r">
                  {issued.reference}
                </span>,
              ],
              ['Reason', issued.reason ?? '—'],
              [
                'Status',
                issued.final
                  ? issued.status === 'success'
                    ? 'Refunded to the customer'
                    : `Failed: ${issued.failureReason ?? 'no reason given'}`
                  : 'With the bank; this updates by itself',
              ],
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
  const issue = async () => {
    setBusy(true)
    fail(null)
    try {
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
    } catch (problem) {
      fail(problem)
      setConfirming(false)
    } finally {
      setBusy(false)
    }
  }
  const shown = kind === 'full' ? payment.refundable : amount

  return (
    <Card title="Refund">
      <form className="form" onSubmit={review} aria-label="Refund" noValidate>
        {error !== null && <Banner tone="danger">{summaryOf(error)}</Banner>}
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
        <div className="form__actions">
          <Button
            type="submit"
            variant="primary"
            size="lg"
            icon="refunds"
            disabled={kind === 'partial' && amount === null}
          >
            Review refund
          </Button>
        </div>
      </form>
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
      {refunds.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <table className="gw-table" data-testid="payment-refunds">
          <thead>
            <tr>
              <th>When</th>
              <th className="num">Amount</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.reference} title={r.reference ?? undefined}>
                <td>
                  {when(r.createdAt)}
                  <div className="muted gw-list__sub">{r.reason ?? ''}</div>
                </td>
                <td className="num">{money(r.amount, r.currency)}</td>
                <td>
                  <StatusBadge kind="refund" status={r.status} />
                  {r.failureReason && <div className="gw-list__sub">{r.failureReason}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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

function History({ onOpen }: { onOpen: (paymentReference: string) => void }) {
  const [form, setForm] = useState<HistoryForm>({
    status: '',
    paymentReference: '',
    from: '',
    to: '',
  })
  const [filter, setFilter] = useState(() => toFilter(form))
  const [fields, setFields] = useState<Record<string, string>>({})
  const [counts, setCounts] = useState<RefundCountsView | null>(null)
  const [total, setTotal] = useState<number | null>(null)

  useEffect(() => {
    call('refunds.counts')
      .then(setCounts)
      .catch(() => setCounts(null))
  }, [filter])

  const fetchPage = useCallback(
    async (page: number) => {
      try {
        const result = await call('refunds.history', { ...filter, page, pageSize: PAGE_SIZE })
        setFields({})
        return { items: result.items, totalItems: result.totalItems }
      } catch (error) {
        setFields(fieldsOf(error))
        throw error
      }
    },
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
  const set = (k: keyof HistoryForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }))

  return (
    <div className="gw-screen">
      {counts ? (
        <div className="gw-tiles" data-testid="refund-counts">
          <Tile label="Requested" value={String(counts.pending)} />
          <Tile label="Processing" value={String(counts.processing)} />
          <Tile label="Refunded" value={String(counts.success)} />
          <Tile label="Failed" value={String(counts.failed)} />
          <Tile label="All refunds" value={String(counts.total)} keyTile />
        </div>
      ) : (
        <Spinner size={20} label="Counting refunds" />
      )}
      <Card>
        <form
          className="gw-filters"
          aria-label="Filter refunds"
          onSubmit={(e) => {
            e.preventDefault()
            setFilter(toFilter(form))
          }}
        >
          <SelectField
            label="Status"
            value={form.status}
            onChange={set('status')}
            options={[
              { value: '', label: 'Any status' },
              { value: 'pending', label: 'Requested' },
              { value: 'processing', label: 'Processing' },
              { value: 'success', label: 'Refunded' },
              { value: 'failed', label: 'Failed' },
            ]}
          />
          <TextField
            label="Payment reference"
            value={form.paymentReference}
            onChange={set('paymentReference')}
            error={fields.paymentReference}
          />
          <DateRangeFields from={form.from} to={form.to} onChange={set} errors={fields} />
          <div className="gw-filters__go">
            <Button type="submit" variant="primary" icon="refresh">
              Show
            </Button>
          </div>
        </form>
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
