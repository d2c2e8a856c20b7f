// The Collect screen: find (or create) the customer's dedicated account, enter the amount due,
// and open the charge; the instructions screen takes over from there. Open charges waiting for
// a balance, and transfers that arrived late, are listed so nothing is forgotten.
import { useEffect, useState, type FormEvent } from 'react'
import {
  CURRENCIES,
  formatMoney,
  toDecimalString,
  type Currency,
  type Minor,
} from '../../../common/money'
import type { CustomerAccount } from '../../../common/ipc/collections'
import { Badge, Banner, Button, Card, MoneyInput, SelectField, TextField } from '../../components'
import { call, fieldsOf, messageOf, PosError } from '../../lib/pos'
import { connectCollections, useCollections } from '../../store/collections'
import { useNavigation } from '../../store/navigation'
import { unlockAudio } from '../Instructions/chime'
import { groupDigits } from '../Instructions/parts'
import { CustomerDisplayButton } from './CustomerDisplayButton'
import { LateTransfers } from './LateTransfers'
import { OfflineNotice } from './OfflineNotice'
import './collections.css'

export default function CollectScreen() {
  const [account, setAccount] = useState<CustomerAccount | null>(null)
  const [mode, setMode] = useState<'find' | 'create'>('find')
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
      setAccount(null)
      setMode('find')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <div className="col-screen collect">
      <OfflineNotice />
      <div className="collect__grid">
        <div className="collect__main">
          {account ? (
            <>
              <AccountSummary account={account} onChange={() => setAccount(null)} />
              <ChargeForm account={account} />
            </>
          ) : mode === 'find' ? (
            <FindCustomer onFound={setAccount} onCreate={() => setMode('create')} />
          ) : (
            <CreateCustomer
              onCreated={(a) => {
                setAccount(a)
                setMode('find')
              }}
              onBack={() => setMode('find')}
            />
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

function FindCustomer({
  onFound,
  onCreate,
}: {
  onFound: (a: CustomerAccount) => void
  onCreate: () => void
}) {
  const [by, setBy] = useState<'reference' | 'email'>('reference')
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [notFound, setNotFound] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem(null)
    setNotFound(false)
    try {
      const found = await call('customer.find', { by, value })
      if (found) onFound(found)
      else setNotFound(true)
    } catch (error) {
      setProblem(fieldsOf(error).value ?? messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title="Customer" description="Find the customer’s dedicated account, or create one.">
      <form className="form" onSubmit={(event) => void submit(event)} aria-label="Find customer">
        <div className="segmented" role="radiogroup" aria-label="Find by">
          {(['reference', 'email'] as const).map((option) => (
            <label
              key={option}
              className={by === option ? 'segmented__item is-selected' : 'segmented__item'}
            >
              <input
                type="radio"
                name="find-by"
                value={option}
                checked={by === option}
                onChange={() => setBy(option)}
              />
              {option === 'reference' ? 'Account reference' : 'E-mail'}
            </label>
          ))}
        </div>
        <TextField
          label={by === 'reference' ? 'Account reference' : 'Customer e-mail'}
          name="customer-lookup"
          value={value}
          autoFocus
          type={by === 'email' ? 'email' : 'text'}
          autoComplete="off"
          onChange={(event) => setValue(event.target.value)}
          error={problem ?? undefined}
          required
        />
        {notFound && (
          <Banner tone="info" title="No account found">
            Nobody has a dedicated account with that {by === 'reference' ? 'reference' : 'e-mail'}{' '}
            yet.
          </Banner>
        )}
        <div className="form__actions">
          <Button
            type="submit"
            variant="primary"
            icon="chevronRight"
            busy={busy}
            aria-keyshortcuts="Enter"
          >
            Find
          </Button>
          <Button icon="plus" onClick={onCreate}>
            New customer account
          </Button>
        </div>
      </form>
    </Card>
  )
}

function CreateCustomer({
  onCreated,
  onBack,
}: {
  onCreated: (a: CustomerAccount) => void
  onBack: () => void
}) {
  const [form, setForm] = useState({
    name: '',
    email: '',
    bvn: '',
    accountReference: '',
    currency: 'NGN' as Currency,
  })
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setFields({})
    setProblem(null)
    try {
      onCreated(
        await call('customer.create', {
          name: form.name,
          email: form.email,
          bvn: form.bvn,
          currency: form.currency,
          ...(form.accountReference.trim()
            ? { accountReference: form.accountReference.trim() }
            : {}),
        }),
      )
    } catch (error) {
      setFields(fieldsOf(error))
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card
      title="New customer account"
      description="Reserves an account number that is this customer’s for good."
    >
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label="New customer account"
      >
        {problem && (
          <Banner tone={error(problem)} title={problem}>
            {Object.keys(fields).length > 0 ? 'Fix the fields marked below.' : null}
          </Banner>
        )}
        <TextField
          label="Full name"
          name="name"
          value={form.name}
          onChange={set('name')}
          error={fields.name}
          autoFocus
          maxLength={120}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={form.email}
          onChange={set('email')}
          error={fields.email}
        />
        <TextField
          label="BVN"
          name="bvn"
          inputMode="numeric"
          autoComplete="off"
          hint="The customer’s 11-digit Bank Verification Number."
          value={form.bvn}
          onChange={set('bvn')}
          error={fields.bvn}
          maxLength={20}
        />
        <div className="form__grid">
          <TextField
            label="Account reference (optional)"
            name="accountReference"
            hint="Leave empty and Tilldesk makes one."
            value={form.accountReference}
            onChange={set('accountReference')}
            error={fields.accountReference}
            maxLength={64}
          />
          <SelectField
            label="Currency"
            name="currency"
            value={form.currency}
            onChange={set('currency')}
            error={fields.currency}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
        <div className="form__actions">
          <Button onClick={onBack}>Back</Button>
          <Button type="submit" variant="primary" busy={busy} icon="plus">
            Create account
          </Button>
        </div>
      </form>
    </Card>
  )
}

const error = (text: string) =>
  text.includes('can’t be reached') || text.includes("can't be reached") ? 'warning' : 'danger'

function AccountSummary({ account, onChange }: { account: CustomerAccount; onChange: () => void }) {
  return (
    <Card
      title={account.accountName}
      description={account.customerEmail}
      actions={
        <Button size="sm" onClick={onChange} shortcut="Esc">
          Change customer
        </Button>
      }
    >
      <dl className="account-summary" data-testid="account-summary">
        <div>
          <dt>Bank</dt>
          <dd>{account.bankName}</dd>
        </div>
        <div>
          <dt>Account number</dt>
          <dd className="mono">{groupDigits(account.accountNumber)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd className="mono">{account.accountReference}</dd>
        </div>
      </dl>
    </Card>
  )
}

function ChargeForm({ account }: { account: CustomerAccount }) {
  const go = useNavigation((s) => s.go)
  const [amount, setAmount] = useState<Minor | null>(null)
  const [sale, setSale] = useState('')
  const [busy, setBusy] = useState(false)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (amount === null) {
      setFields({ amount: 'Enter the amount due.' })
      return
    }
    unlockAudio() // a user gesture: lets the "paid" chime play later
    setBusy(true)
    setFields({})
    setProblem(null)
    try {
      const charge = await call('charge.open', {
        accountReference: account.accountReference,
        amount: toDecimalString(amount),
        ...(sale.trim() ? { saleReference: sale.trim() } : {}),
      })
      useCollections.getState().upsert(charge)
      go('instructions', charge.id)
    } catch (err) {
      setFields(fieldsOf(err))
      setProblem(err instanceof PosError && err.code === 'invalid_input' ? null : messageOf(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title="Amount due">
      <form className="form" onSubmit={(event) => void submit(event)} aria-label="Open charge">
        {problem && <Banner tone="danger">{problem}</Banner>}
        <MoneyInput
          label="Amount due"
          name="amount"
          value={amount}
          onChange={setAmount}
          currency={account.currency}
          error={fields.amount}
          autoFocus
        />
        <TextField
          label="Sale reference (optional)"
          name="sale"
          value={sale}
          onChange={(e) => setSale(e.target.value)}
          error={fields.saleReference}
          maxLength={64}
        />
        <div className="form__actions">
          <Button
            type="submit"
            variant="primary"
            size="lg"
            icon="chevronRight"
            busy={busy}
            aria-keyshortcuts="Enter"
          >
            Show payment instructions
          </Button>
          <p className="key-hint">
            <kbd>Enter</kbd> show instructions · <kbd>Esc</kbd> next customer
          </p>
        </div>
      </form>
    </Card>
  )
}

function OpenCharges() {
  const charges = useCollections((s) => s.charges)
  const go = useNavigation((s) => s.go)
  const open = Object.values(charges)
    .filter((c) => c.state === 'open')
    .sort((a, b) => b.openedAt.localeCompare(a.openedAt))
  return (
    <Card
      title="Open charges"
      description={open.length === 0 ? 'None: every charge is settled.' : undefined}
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
                  <small>{formatMoney(c.amountDue, c.currency)} due</small>
                </span>
                {c.reconciliation.status === 'part_paid' ? (
                  <Badge tone="warning">
                    Balance {formatMoney(c.reconciliation.balanceDue, c.currency)}
                  </Badge>
                ) : c.needsDecision ? (
                  <Badge tone="info">Overpaid: decide</Badge>
                ) : (
                  <Badge tone="neutral">Waiting</Badge>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
