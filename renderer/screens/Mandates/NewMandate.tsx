// A new mandate: the customer's bank account (its holder confirmed with the bank), the
// dates and the monthly limits. Main checks every rule again.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
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
  const { t } = useTranslation()

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
      title={t('mandates.new.title')}
      description={t('mandates.new.description')}
      actions={
        <Button variant="ghost" icon="x" onClick={() => useMandates.getState().show(null)}>
          {t('common.cancel')}
        </Button>
      }
    >
      <Form onSubmit={submit} label={t('mandates.newMandate')} noValidate message={message}>
        {banksError && <Banner tone="warning">{banksError}</Banner>}
        <FieldGroup>
          <TextField
            label={t('mandates.new.holder')}
            autoComplete="off"
            {...bind('customerName')}
            autoFocus
          />
          <TextField
            label={t('mandates.new.email')}
            type="email"
            autoComplete="off"
            {...bind('customerEmail')}
            hint={t('mandates.new.emailHint')}
          />
        </FieldGroup>
        <FieldGroup>
          <SelectField
            label={t('mandates.new.bank')}
            {...bind('bankCode')}
            options={[
              {
                value: '',
                label: banks ? t('mandates.new.chooseBank') : t('mandates.new.loadingBanks'),
              },
              ...(banks ?? []).map((b) => ({ value: b.code, label: b.name })),
            ]}
          />
          <TextField
            label={t('mandates.new.account')}
            inputMode="numeric"
            autoComplete="off"
            {...bind('accountNumber')}
            hint={t('mandates.new.accountHint')}
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
            {t('mandates.new.check')}
          </Button>
          {resolved?.key === accountKey ? (
            <span className="gw-resolved" data-testid="resolved-name">
              <Icon name="check" size={18} /> {t('mandates.new.resolved', { name: resolved.name })}
            </span>
          ) : resolveError ? (
            <span className="field__error">{resolveError}</span>
          ) : (
            <span className="muted">{t('mandates.new.resolveHint')}</span>
          )}
        </div>
        <FieldGroup>
          <DateField label={t('mandates.new.first')} {...bind('startDate')} />
          <DateField
            label={t('mandates.new.last')}
            {...bind('endDate')}
            hint={t('mandates.new.lastHint', { count: MIN_MANDATE_DURATION_DAYS })}
          />
        </FieldGroup>
        <AmountWithCurrency
          label={t('mandates.new.limit')}
          name="maxMonthlyAmount"
          amount={limit}
          onAmount={edit('maxMonthlyAmount', setLimit)}
          currency={currency}
          onCurrency={setCurrency}
          error={fields.maxMonthlyAmount}
        />
        <TextField
          label={t('mandates.new.count')}
          inputMode="numeric"
          {...bind('maxMonthlyDebitCount')}
        />
        <FormActions
          submit={{ label: t('mandates.new.create'), size: 'lg', icon: 'mandates', busy }}
        />
      </Form>
    </Card>
  )
}
