// Direct-debit mandates: set one up with the customer, activate it with the code their bank
// sends (OTP) and their PIN, charge it within its monthly limits, cancel it (supervisor).
// Main checks every rule and follows each debit; the screen shows what main decided.
import { useEffect, useState, type FormEvent } from 'react'
import { toDecimalString, type Minor } from '../../../common/money'
import type { MandateView } from '../../../common/ipc'
import {
  Banner,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  MoneyInput,
  PinField,
  TextField,
} from '../../components'
import {
  DataTable,
  DetailList,
  FieldGroup,
  Form,
  FormActions,
  PickList,
  StatTile,
  StatTiles,
  SubSection,
  useAction,
} from '../../components/kit'
import { countOf } from '../../lib/format'
import { call, fieldsOf, messageOf, summaryOf } from '../../lib/pos'
import {
  LookupCard,
  StatusBadge,
  day,
  money,
  monthName,
  useFormErrors,
  useSupervisor,
  when,
} from '../Payments/parts'
import { NewMandate } from './NewMandate'
import { connectMandates, useMandates } from './store'
import { MandateOutcome, UnsettledDebits } from './Unconfirmed'
import '../Payments/gateway.css'

export default function MandatesScreen() {
  const open = useMandates((s) => s.open)
  const supervisor = useSupervisor()
  useEffect(() => {
    const off = connectMandates()
    void useMandates.getState().loadList()
    return off
  }, [])
  return (
    <div className="gw-split" data-testid="mandates-screen">
      <div className="gw-split__main">
        {supervisor && <UnsettledDebits />}
        {open === 'new' ? <NewMandate /> : open ? <MandateDetail view={open} /> : <Intro />}
      </div>
      <aside className="gw-split__side" aria-label="Mandates">
        <MandateList />
        <LookupMandate />
      </aside>
    </div>
  )
}

function Intro() {
  return (
    <Card>
      <EmptyState icon="mandates" title="Direct-debit mandates">
        <p>
          A mandate lets you collect from a customer's bank account each month, within limits they
          agree to. Set one up with the customer at the till: their bank sends them a code to
          activate it.
        </p>
        <Button variant="primary" icon="plus" onClick={() => useMandates.getState().show('new')}>
          New mandate
        </Button>
      </EmptyState>
    </Card>
  )
}

function MandateDetail({ view }: { view: MandateView }) {
  const supervisor = useSupervisor()
  const refreshing = useAction()
  const refresh = () =>
    void refreshing.run(async () =>
      useMandates
        .getState()
        .upsert(await call('mandates.get', { mandateReference: view.mandateReference })),
    )
  const bank = view.bankName ?? `Bank ${view.bankCode}`
  return (
    <div className="gw-screen" data-testid="mandate-detail" data-status={view.status}>
      <Card
        title={
          <span className="gw-payment__title">
            {view.customerName} <StatusBadge kind="mandate" status={view.status} />
          </span>
        }
        description={<span className="mono">{view.mandateReference}</span>}
        actions={
          <Button icon="refresh" busy={refreshing.busy} onClick={refresh}>
            Refresh
          </Button>
        }
      >
        <div className="gw-screen">
          <DetailList
            items={[
              { label: 'E-mail', value: view.customerEmail },
              { label: 'Account', value: `${view.accountNumber} · ${bank}` },
              { label: 'Runs', value: `${day(view.startDate)} to ${day(view.endDate)}` },
              {
                label: 'Monthly limit',
                value: `${money(view.maxMonthlyAmount, view.currency)} in up to ${countOf(view.maxMonthlyDebitCount, 'debit')}`,
              },
              view.activatedAt && { label: 'Activated', value: when(view.activatedAt) },
              view.cancelledAt && { label: 'Cancelled', value: when(view.cancelledAt) },
              { label: 'Checked', value: view.checkedAt ? when(view.checkedAt) : 'not yet' },
            ]}
          />
          {view.notice && <Banner tone="warning">{view.notice}</Banner>}
          {view.outcome && <MandateOutcome outcome={view.outcome} />}
          {refreshing.error && <Banner tone="danger">{refreshing.error}</Banner>}
          {(view.status === 'cancelled' || view.status === 'expired') && (
            <Banner tone="neutral">
              This mandate can't be charged or turned back on. To collect again, set up a new
              mandate with the customer.
            </Banner>
          )}
          {view.status === 'pending_activation' && <Activation view={view} />}
          {view.status === 'active' && <Usage view={view} />}
          {view.can.debit && <DebitForm view={view} />}
          {view.can.cancel && <CancelMandate view={view} allowed={supervisor} />}
        </div>
      </Card>
      <Debits view={view} />
    </div>
  )
}

function Activation({ view }: { view: MandateView }) {
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState(false)
  const [otp, setOtp] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const fields = fieldsOf(error)

  const send = async () => {
    setSending(true)
    setError(null)
    try {
      useMandates
        .getState()
        .upsert(
          await call('mandates.initiateActivation', { mandateReference: view.mandateReference }),
        )
      setSent(true)
    } catch (problem) {
      setError(problem)
    } finally {
      setSending(false)
    }
  }
  const activate = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const next = await call('mandates.validateActivation', {
        mandateReference: view.mandateReference,
        otp,
        pin,
      })
      useMandates.getState().upsert(next)
    } catch (problem) {
      setError(problem)
    } finally {
      // The code and PIN are the customer's: never left in the form.
      setOtp('')
      setPin('')
      setBusy(false)
    }
  }
  return (
    <SubSection title="Activate with the customer">
      {error !== null && <Banner tone="danger">{summaryOf(error)}</Banner>}
      <ol className="gw-steps">
        <li>
          <div className="gw-actions">
            <Button
              variant={view.can.validateActivation ? 'secondary' : 'primary'}
              icon="shield"
              busy={sending}
              onClick={() => void send()}
            >
              {view.activationInitiated ? 'Send a new code' : 'Send code to customer'}
            </Button>
            {(sent || view.activationInitiated) && (
              <span className="muted">The customer's bank has sent them a code.</span>
            )}
          </div>
        </li>
        {view.can.validateActivation && (
          <li>
            <form
              className="gw-otp"
              onSubmit={(e) => void activate(e)}
              aria-label="Activate mandate"
              noValidate
            >
              <PinField
                label="Code from the bank (OTP)"
                name="otp"
                autoComplete="off"
                value={otp}
                onChange={setOtp}
                error={fields.otp}
              />
              <PinField
                label="Customer's PIN"
                name="pin"
                autoComplete="off"
                value={pin}
                onChange={setPin}
                error={fields.pin}
                maxLength={6}
              />
              <Button
                type="submit"
                variant="primary"
                icon="check"
                busy={busy}
                disabled={otp.length < 4 || pin.length < 4}
              >
                Activate
              </Button>
            </form>
            <p className="muted">
              Let the customer type both themselves. Tilldesk sends them to the bank and keeps
              neither.
            </p>
          </li>
        )}
      </ol>
    </SubSection>
  )
}

function Usage({ view }: { view: MandateView }) {
  const u = view.usage
  const full = u.remainingCount === 0 || u.remainingAmount === 0
  return (
    <SubSection title={`This month (${monthName(u.month)})`} testId="mandate-usage">
      <StatTiles>
        <StatTile
          label="Can still collect"
          value={money(u.remainingAmount, view.currency)}
          emphasis
          valueTestId="remaining-amount"
        />
        <StatTile label="Collected or in progress" value={money(u.usedAmount, view.currency)} />
        <StatTile
          label="Debits left"
          value={`${u.remainingCount} of ${u.maxCount}`}
          valueTestId="remaining-count"
        />
      </StatTiles>
      <div
        className={`gw-meter${full ? ' gw-meter--full' : ''}`}
        role="meter"
        aria-label="Monthly limit used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={u.usedPercent}
      >
        <div className="gw-meter__fill" style={{ width: `${u.usedPercent}%` }} />
      </div>
      <p className="muted">
        Counted from debits made at this till; the gateway also counts any made elsewhere.
      </p>
    </SubSection>
  )
}

function DebitForm({ view }: { view: MandateView }) {
  const [amount, setAmount] = useState<Minor | null>(null)
  const [narration, setNarration] = useState('')
  const [confirming, setConfirming] = useState(false)
  const { message, fields, fail, edit, editText, busy, send } = useFormErrors()
  const charge = async () => {
    await send(async () => {
      await call('mandates.debit', {
        mandateReference: view.mandateReference,
        amount: amount === null ? '' : toDecimalString(amount),
        narration,
      })
      setAmount(null)
      setNarration('')
      useMandates
        .getState()
        .upsert(await call('mandates.get', { mandateReference: view.mandateReference }))
    })
    setConfirming(false)
  }
  return (
    <SubSection title="Collect a payment">
      <Form
        label="Collect a payment"
        noValidate
        message={message}
        onSubmit={(e) => {
          e.preventDefault()
          fail(null)
          setConfirming(true)
        }}
      >
        <FieldGroup>
          <MoneyInput
            key={view.usage.usedCount}
            label="Amount"
            name="debitAmount"
            value={amount}
            onChange={edit('amount', setAmount)}
            currency={view.currency}
            hint={`Up to ${money(view.usage.remainingAmount, view.currency)} this month.`}
            error={fields.amount}
          />
          <TextField
            label="On the customer's statement"
            name="narration"
            autoComplete="off"
            value={narration}
            onChange={editText('narration', setNarration)}
            placeholder="e.g. January instalment"
            maxLength={100}
            error={fields.narration}
          />
        </FieldGroup>
        <FormActions
          submit={{ label: 'Review debit', icon: 'collect', disabled: amount === null }}
        />
      </Form>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Collect this payment?"
        cancelLabel="Go back"
        confirmLabel={<>Collect {amount === null ? '' : money(amount, view.currency)}</>}
        confirmIcon="collect"
        busy={busy}
        onConfirm={() => void charge()}
      >
        <p>
          <strong>{amount === null ? '' : money(amount, view.currency)}</strong> from{' '}
          {view.customerName}'s account {view.accountNumber}
          {view.bankName ? ` at ${view.bankName}` : ''}.
        </p>
        <p>Statement text: {narration.trim() || '—'}</p>
      </ConfirmDialog>
    </SubSection>
  )
}

function CancelMandate({ view, allowed }: { view: MandateView; allowed: boolean }) {
  const [open, setOpen] = useState(false)
  const cancelling = useAction()
  const cancel = async () => {
    const done = await cancelling.run(async () =>
      useMandates
        .getState()
        .upsert(
          await call('mandates.cancel', { mandateReference: view.mandateReference, confirm: true }),
        ),
    )
    if (done) setOpen(false)
  }
  return (
    <SubSection title="Cancel the mandate">
      {allowed ? (
        <div className="gw-actions">
          <Button variant="danger" icon="x" onClick={() => setOpen(true)}>
            Cancel mandate…
          </Button>
          <span className="muted">No more debits after this. It can't be turned back on.</span>
        </div>
      ) : (
        <p className="muted">A supervisor or admin can cancel a mandate.</p>
      )}
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        tone="danger"
        title="Cancel this mandate for good?"
        cancelLabel="Keep it"
        confirmLabel="Cancel mandate"
        confirmIcon="x"
        busy={cancelling.busy}
        onConfirm={() => void cancel()}
      >
        <p>
          {view.customerName}'s mandate <span className="mono">{view.mandateReference}</span> stops
          at once. A cancelled mandate can't be reactivated: collecting again needs a new mandate
          and a new code from the customer's bank.
        </p>
        {cancelling.error && <Banner tone="danger">{cancelling.error}</Banner>}
      </ConfirmDialog>
    </SubSection>
  )
}

function Debits({ view }: { view: MandateView }) {
  if (view.debits.length === 0) return null
  return (
    <Card title="Debits">
      <DataTable
        testId="mandate-debits"
        rows={view.debits}
        rowKey={(d) => d.paymentReference}
        rowTitle={(d) => d.paymentReference}
        columns={[
          { header: 'When', cell: (d) => when(d.createdAt) },
          { header: 'Statement text', cell: (d) => d.narration },
          { header: 'Amount', align: 'end', cell: (d) => money(d.amount, d.currency) },
          {
            header: 'Status',
            cell: (d) => (
              <>
                <StatusBadge kind="debit" status={d.status} />
                {(d.failureReason ?? d.notice) && (
                  <div className="gw-list__sub">{d.failureReason ?? d.notice}</div>
                )}
              </>
            ),
          },
        ]}
      />
    </Card>
  )
}

function MandateList() {
  const list = useMandates((s) => s.list)
  const open = useMandates((s) => s.open)
  const listError = useMandates((s) => s.listError)
  const openRef = open !== null && open !== 'new' ? open.mandateReference : null
  const [filter, setFilter] = useState('')
  const shown = list.filter((m) =>
    `${m.customerName} ${m.customerEmail} ${m.mandateReference}`
      .toLowerCase()
      .includes(filter.trim().toLowerCase()),
  )
  const openOne = async (reference: string) => {
    try {
      useMandates.getState().show(await call('mandates.get', { mandateReference: reference }))
    } catch (error) {
      useMandates.setState({ listError: messageOf(error) })
    }
  }
  return (
    <Card
      title="Mandates"
      actions={
        <Button
          variant="primary"
          size="sm"
          icon="plus"
          onClick={() => useMandates.getState().show('new')}
        >
          New
        </Button>
      }
    >
      {listError && <Banner tone="warning">{listError}</Banner>}
      {list.length > 5 && (
        <TextField
          label="Find"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Name, e-mail or reference"
        />
      )}
      {list.length === 0 ? (
        <p className="muted">None yet. Mandates set up or looked up here are listed.</p>
      ) : (
        <PickList
          testId="mandate-list"
          items={shown}
          keyOf={(m) => m.mandateReference}
          activeKey={openRef}
          onPick={(m) => void openOne(m.mandateReference)}
          main={(m) => (
            <>
              <strong>{m.customerName}</strong>
              <span className="gw-list__sub">
                {money(m.maxMonthlyAmount, m.currency)}/month · to {day(m.endDate)}
              </span>
            </>
          )}
          end={(m) => <StatusBadge kind="mandate" status={m.status} />}
        />
      )}
    </Card>
  )
}

function LookupMandate() {
  return (
    <LookupCard
      title="Look up a mandate"
      label="Mandate reference"
      action="Open"
      lookUp={async (reference) => {
        const view = await call('mandates.get', { mandateReference: reference })
        useMandates.getState().upsert(view)
        useMandates.getState().show(view)
      }}
      describe={messageOf}
    />
  )
}
