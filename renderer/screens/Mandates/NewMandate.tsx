// A new mandate: the customer's bank account (its holder confirmed with the bank), the
// dates and the monthly limits. Main checks every rule again.
import { useEffect, useState, type FormEvent } from 'react'
import { toDecimalString, type Currency, type Minor } from '../../../common/money'
import type { BankOption } from '../../../common/ipc'
import { MIN_MANDATE_DURATION_DAYS } from '../../../common/ipc/mandates'
import { Banner, Button, DateField, Card, Icon, SelectField, TextField } from '../../components'
import { FieldGroup, Form, FormActions, fieldBinder } from '../../components/kit'
import { call, messageOf } from '../../lib/pos'
import { AmountWithCurrency, useFormErrors } from '../Payments/parts'
import { useMandates } from './store'
import '../Payments/gateway.css'

/** A calendar day in the till's own time zone, YYYY-MM-DD. */
const isoDay = (date: Date): string => {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

export function NewMandate() {
  const today = new Date()
  const nextYear = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate())
  const [form, setForm] = useState({
    customerName: '',
    customerEmail: '',
    bankCode: '',
    accountNumber: '',
    startDate: isoDay(today),
    endDate: isoDay(nextYear),
    maxMonthlyDebitCount: '1',
  })
  const [currency, setCurrency] = useState<Currency>('NGN')
  const [limit, setLimit] = useState<Minor | null>(null)
  const [banks, setBanks] = useState<BankOption[] | null>(null)
  const [banksError, setBanksError] = useState<string | null>(null)
  const [resolved, setResolved] = useState<{ key: string; name: string } | null>(null)
  const [resolving, setResolving] = useState(false)
  const [resolveError, setResolveError] = useState<string | null>(null)
  const { message, fields, touch, edit, busy, send } = useFormErrors()

  useEffect(() => {
    call('mandates.banks')
      .then(setBanks)
      .catch((problem: unknown) => setBanksError(messageOf(problem)))
  }, [])

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }))
    touch(k)
  }
  const bind = fieldBinder(form, set, fields)
  const accountKey = `${form.bankCode}|${form.accountNumber.replace(/\s/g, '')}`

  const check = async () => {
    setResolving(true)
    setResolveError(null)
    try {
      const account = await call('mandates.resolveAccount', {
        bankCode: form.bankCode,
        accountNumber: form.accountNumber.replace(/\s/g, ''),
        currency,
      })
      setResolved({ key: accountKey, name: account.accountName })
    } catch (problem) {
      setResolveError(messageOf(problem))
    } finally {
      setResolving(false)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    await send(async () => {
      const view = await call('mandates.create', {
        ...form,
        maxMonthlyAmount: limit === null ? '' : toDecimalString(limit),
        currency,
      })
      useMandates.getState().upsert(view)
      useMandates.getState().show(view)
    })
  }

  return (
    <Card
      title="New direct-debit mandate"
      description="Fill this in with the customer. Their bank then sends them a code to activate it."
      actions={
        <Button variant="ghost" icon="x" onClick={() => useMandates.getState().show(null)}>
          Cancel
        </Button>
      }
    >
      <Form onSubmit={submit} label="New mandate" noValidate message={message}>
        {banksError && <Banner tone="warning">{banksError}</Banner>}
        <FieldGroup>
          <TextField
            label="Account holder's full name"
            autoComplete="off"
            {...bind('customerName')}
            autoFocus
          />
          <TextField
            label="Customer e-mail"
            type="email"
            autoComplete="off"
            {...bind('customerEmail')}
            hint="Every debit must carry this e-mail."
          />
        </FieldGroup>
        <FieldGroup>
          <SelectField
            label="Bank"
            {...bind('bankCode')}
            options={[
              { value: '', label: banks ? 'Choose the bank' : 'Loading banks…' },
              ...(banks ?? []).map((b) => ({ value: b.code, label: b.name })),
            ]}
          />
          <TextField
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            {...bind('accountNumber')}
            hint="10 digits."
          />
        </FieldGroup>
        <div className="gw-actions" aria-live="polite">
          <Button
            size="sm"
            icon="user"
            busy={resolving}
            onClick={() => void check()}
            disabled={!form.bankCode || form.accountNumber.replace(/\s/g, '').length !== 10}
          >
            Check account holder
          </Button>
          {resolved?.key === accountKey ? (
            <span className="gw-resolved" data-testid="resolved-name">
              <Icon name="check" size={18} /> {resolved.name}: confirm this is the customer.
            </span>
          ) : resolveError ? (
            <span className="field__error">{resolveError}</span>
          ) : (
            <span className="muted">Shows the name the bank has for this account.</span>
          )}
        </div>
        <FieldGroup>
          <DateField label="First day" {...bind('startDate')} />
          <DateField
            label="Last day"
            {...bind('endDate')}
            hint={`At least ${MIN_MANDATE_DURATION_DAYS} days after the first day.`}
          />
        </FieldGroup>
        <AmountWithCurrency
          label="Most to collect in a month"
          name="maxMonthlyAmount"
          amount={limit}
          onAmount={edit('maxMonthlyAmount', setLimit)}
          currency={currency}
          onCurrency={setCurrency}
          error={fields.maxMonthlyAmount}
        />
        <TextField
          label="Debits allowed a month"
          inputMode="numeric"
          {...bind('maxMonthlyDebitCount')}
        />
        <FormActions submit={{ label: 'Create mandate', size: 'lg', icon: 'mandates', busy }} />
      </Form>
    </Card>
  )
}
