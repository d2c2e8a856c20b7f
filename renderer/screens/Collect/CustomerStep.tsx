// Step two of Collect: who pays. Search known customers by name, phone, e-mail or reference,
// or create a new one with the BVN rule said up front. A customer whose e-mail or BVN is
// already known gets their existing account back (main decides), and the cashier is told.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { CURRENCIES, type Currency } from '../../../common/money'
import { BVN_DIGITS, bvnHint, checkBvn, cleanBvn } from '../../../common/rules'
import type {
  CustomerAccount,
  CustomerCreated,
  CustomerSummary,
} from '../../../common/ipc/collections'
import { Banner, Button, Card, SelectField, Spinner, TextField } from '../../components'
import { sayRule } from '../../i18n/rules'
import { groupDigits } from '../../lib/format'
import { saySaid } from '../../i18n/errors'
import { call, fieldsOf, messageOf } from '../../lib/pos'

/** Either a summary from search or an account from create: what opening a charge needs. */
export interface ChosenCustomer {
  accountReference: string
  name: string
  /** Said to the cashier on the next screen (an existing account found), or null. */
  notice: string | null
}

const SEARCH_DELAY_MS = 250

export function CustomerSearch({
  onChosen,
  onCreate,
  busy,
}: {
  onChosen: (customer: ChosenCustomer) => void
  onCreate: (prefill: string) => void
  busy: boolean
}) {
  const [query, setQuery] = useState('')
  // Each answer is kept with the words it answers, so a late one never shows for new words.
  const [answer, setAnswer] = useState<{
    query: string
    results: CustomerSummary[] | null
    problem: string | null
  } | null>(null)
  const asked = useRef(0)
  const { t } = useTranslation()
  const text = query.trim()

  useEffect(() => {
    if (text.length < 2) return
    const ticket = ++asked.current
    const timer = window.setTimeout(() => {
      call('customer.search', { query: text, limit: 8 }).then(
        (found) => {
          if (ticket === asked.current) setAnswer({ query: text, results: found, problem: null })
        },
        (error: unknown) => {
          if (ticket === asked.current)
            setAnswer({
              query: text,
              results: null,
              problem: fieldsOf(error).query ?? messageOf(error),
            })
        },
      )
    }, SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [text])
  const current = text.length >= 2 && answer?.query === text ? answer : null
  const results = current?.results ?? null
  const problem = current?.problem ?? null
  const searching = text.length >= 2 && current === null

  const pick = (customer: CustomerSummary) =>
    onChosen({ accountReference: customer.accountReference, name: customer.name, notice: null })

  return (
    <Card title={t('collect.customer.title')} description={t('collect.customer.description')}>
      <form
        className="form"
        role="search"
        aria-label={t('collect.customer.find')}
        onSubmit={(event: FormEvent) => {
          event.preventDefault()
          if (results?.[0]) pick(results[0])
        }}
      >
        <TextField
          label={t('collect.customer.findLabel')}
          name="customer-query"
          type="search"
          value={query}
          autoFocus
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
          error={problem ?? undefined}
        />
        {searching && <Spinner label={t('collect.customer.searching')} />}
        {results && results.length === 0 && (
          <Banner tone="info" title={t('collect.customer.noneTitle')}>
            {t('collect.customer.none', { query: query.trim() })}
          </Banner>
        )}
        {results && results.length > 0 && (
          <ul className="customer-results" aria-label={t('collect.customer.found')}>
            {results.map((customer) => (
              <li key={customer.accountReference}>
                <button
                  type="button"
                  className="customer-result"
                  disabled={busy}
                  onClick={() => pick(customer)}
                >
                  <strong className="customer-result__name">{customer.name}</strong>
                  <span className="customer-result__meta">
                    {[customer.phone, customer.email].filter(Boolean).join(' · ')}
                  </span>
                  <span className="customer-result__meta">
                    {customer.bankName} ·{' '}
                    <span className="mono">{groupDigits(customer.accountNumber)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="form__actions">
          <Button icon="plus" onClick={() => onCreate(query.trim())}>
            {t('collect.customer.new')}
          </Button>
        </div>
      </form>
    </Card>
  )
}

export function CreateCustomer({
  prefill,
  onCreated,
  onBack,
  busy: opening,
}: {
  prefill: string
  onCreated: (customer: ChosenCustomer) => void
  onBack: () => void
  busy: boolean
}) {
  const [form, setForm] = useState({
    name: /@|\d/.test(prefill) ? '' : prefill,
    email: prefill.includes('@') ? prefill : '',
    phone: /^\+?[\d\s]{7,}$/.test(prefill) ? prefill : '',
    bvn: '',
    accountReference: '',
    currency: 'NGN' as Currency,
  })
  const [fields, setFields] = useState<Record<string, string>>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { t } = useTranslation()
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: event.target.value }))
    setFields((f) => ({ ...f, [key]: '' }))
  }
  const bvnDigits = cleanBvn(form.bvn).length
  const bvnProblem = checkBvn(form.bvn)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(null)
    // Said here before anything is sent: the gateway refuses any other length.
    if (bvnProblem) {
      setFields({ bvn: sayRule(bvnProblem) })
      return
    }
    setBusy(true)
    setFields({})
    try {
      const created: CustomerCreated | CustomerAccount = await call('customer.create', {
        name: form.name,
        email: form.email,
        bvn: form.bvn,
        currency: form.currency,
        ...(form.phone.trim() ? { phone: form.phone.trim() } : {}),
        ...(form.accountReference.trim() ? { accountReference: form.accountReference.trim() } : {}),
      })
      const existing = 'existing' in created && created.existing
      onCreated({
        accountReference: created.accountReference,
        name: created.accountName,
        notice: existing ? saySaid(created.say, created.message) : null,
      })
    } catch (error) {
      const found = fieldsOf(error)
      setFields(found)
      setProblem(Object.keys(found).length > 0 ? null : messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={t('collect.customer.new')} description={t('collect.create.description')}>
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-label={t('collect.customer.new')}
      >
        {problem && <Banner tone="danger" title={problem} />}
        <TextField
          label={t('collect.create.name')}
          name="name"
          value={form.name}
          onChange={set('name')}
          error={fields.name || undefined}
          autoFocus
          maxLength={120}
        />
        <div className="form__grid">
          <TextField
            label={t('collect.create.email')}
            name="email"
            type="email"
            value={form.email}
            onChange={set('email')}
            error={fields.email || undefined}
          />
          <TextField
            label={t('collect.create.phone')}
            name="phone"
            type="tel"
            value={form.phone}
            onChange={set('phone')}
            error={fields.phone || undefined}
            maxLength={20}
          />
        </div>
        <TextField
          label={t('collect.create.bvn', { digits: BVN_DIGITS })}
          name="bvn"
          inputMode="numeric"
          autoComplete="off"
          hint={
            bvnDigits > 0 && bvnDigits !== BVN_DIGITS
              ? `${sayRule(bvnHint())} ${t('collect.create.bvnTyped', { count: bvnDigits, digits: BVN_DIGITS })}`
              : sayRule(bvnHint())
          }
          value={form.bvn}
          onChange={set('bvn')}
          error={fields.bvn || undefined}
          maxLength={20}
        />
        <div className="form__grid">
          <TextField
            label={t('collect.create.reference')}
            name="accountReference"
            hint={t('collect.create.referenceHint')}
            value={form.accountReference}
            onChange={set('accountReference')}
            error={fields.accountReference || undefined}
            maxLength={64}
          />
          <SelectField
            label={t('collect.create.currency')}
            name="currency"
            value={form.currency}
            onChange={set('currency')}
            error={fields.currency || undefined}
            options={CURRENCIES.map((c) => ({ value: c, label: c }))}
          />
        </div>
        <div className="form__actions">
          <Button onClick={onBack}>{t('common.back')}</Button>
          <Button type="submit" variant="primary" busy={busy || opening} icon="plus">
            {t('collect.create.submit')}
          </Button>
        </div>
      </form>
    </Card>
  )
}
