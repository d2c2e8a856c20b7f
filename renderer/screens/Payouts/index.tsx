// The Payouts screen: a new payout (bank, account, the bank's holder name confirmed, amount)
// and the outbox, where every payout shows its state, progress and, when something went wrong,
// what happened in words. Main decides states and buttons; this screen only shows them.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import type {
  BankOption,
  NameEnquiryView,
  PayoutPurpose,
  PayoutView,
} from '../../../common/ipc/payouts'
import { toDecimalString, type Minor } from '../../../common/money'
import {
  ACCOUNT_NUMBER_DIGITS,
  accountNumberHint,
  checkAccountNumber,
  checkAmount,
} from '../../../common/rules'
import { Banner, Button, Card, MoneyInput, Spinner, TextField } from '../../components'
import { FieldGroup, Form, FormActions } from '../../components/kit'
import { sayRule } from '../../i18n/rules'
import { saySaid } from '../../i18n/errors'
import { fieldError, refusalsOf, type Refusal } from '../../lib/fieldErrors'
import { call, fieldsOf, messageOf } from '../../lib/pos'
import { useEnvironment } from '../../store/environment'
import { connectPayouts, usePayouts } from '../../store/payouts'
import { BankPicker, shortTime } from './parts'
import { Outbox } from './Outbox'
import { amountOf, meaningOf, stateLabelOf } from './words'
import './payouts.css'

const PURPOSES = [
  { value: 'supplier', label: 'payouts.purpose.supplier' },
  { value: 'refund', label: 'payouts.purpose.refund' },
  { value: 'cash_out', label: 'payouts.purpose.cashOut' },
] as const satisfies ReadonlyArray<{ value: PayoutPurpose; label: string }>

export default function PayoutsScreen() {
  const [editing, setEditing] = useState<PayoutView | null>(null)
  // A fresh form after each payout: bumping the key starts it empty.
  const [generation, setGeneration] = useState(0)
  const [done, setDone] = useState<PayoutView | null>(null)
  useEffect(() => connectPayouts(), [])
  return (
    <div className="po-screen">
      <div className="po-grid">
        <NewPayout
          key={`${editing?.reference ?? 'new'}-${generation}`}
          editing={editing}
          done={done}
          onSaved={(view) => {
            setDone(view)
            setEditing(null)
            setGeneration((n) => n + 1)
          }}
          onCancel={() => setEditing(null)}
        />
        <Outbox
          onEdit={(view) => {
            setDone(null)
            setEditing(view)
          }}
        />
      </div>
    </div>
  )
}

type Resolution =
  { state: 'idle' } | { state: 'asking' } | ({ state: 'answered' } & NameEnquiryView)

function NewPayout({
  editing,
  done,
  onSaved,
  onCancel,
}: {
  editing: PayoutView | null
  done: PayoutView | null
  onSaved: (view: PayoutView) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const banks = usePayouts((s) => s.banks)
  const offline = useEnvironment((s) => s.status?.connectivity === 'offline')
  const [purpose, setPurpose] = useState<PayoutPurpose>(editing?.purpose ?? 'supplier')
  const [bank, setBank] = useState<BankOption | null>(
    editing ? { code: editing.bankCode, name: editing.bankName } : null,
  )
  const [account, setAccount] = useState(editing?.accountNumber ?? '')
  const [resolution, setResolution] = useState<Resolution>(
    editing ? { state: 'asking' } : { state: 'idle' },
  )
  const [confirmed, setConfirmed] = useState(false)
  const [typedName, setTypedName] = useState(
    editing?.nameSource === 'typed' ? editing.accountName : '',
  )
  const [amount, setAmount] = useState<Minor | null>(editing?.amount ?? null)
  const [narration, setNarration] = useState(editing?.narration ?? '')
  const [email, setEmail] = useState(editing?.recipientEmail ?? '')
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null)
  const [fields, setFields] = useState<Record<string, string>>({})
  const [refused, setRefused] = useState<Record<string, Refusal>>({})
  const [tried, setTried] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // The rules of common/rules, checked as they are typed once the cashier has tried to save.
  const amountProblem = checkAmount(amount)
  const accountProblem = checkAccountNumber(account)
  const asked = useRef('')

  useEffect(() => {
    void usePayouts
      .getState()
      .loadBanks()
      .catch(() => undefined)
  }, [])

  // Ask the bank as soon as bank and 10 digits are in: the cashier sees the name at once.
  const ask = async (forBank: BankOption, forAccount: string) => {
    const key = `${forBank.code}|${forAccount}`
    asked.current = key
    try {
      const answer = await call('payouts.resolve', {
        bankCode: forBank.code,
        accountNumber: forAccount,
      })
      if (asked.current === key) setResolution({ state: 'answered', ...answer })
    } catch (error) {
      if (asked.current === key)
        setResolution({ state: 'answered', kind: 'unavailable', message: messageOf(error) })
    }
  }
  const resolve = (forBank: BankOption | null, forAccount: string, force = false) => {
    if (!forBank || checkAccountNumber(forAccount)) {
      asked.current = ''
      setResolution({ state: 'idle' })
      return
    }
    if (!force && asked.current === `${forBank.code}|${forAccount}`) return
    setResolution({ state: 'asking' })
    setConfirmed(false)
    void ask(forBank, forAccount)
  }
  const chooseBank = (next: BankOption | null) => {
    setBank(next)
    resolve(next, account)
  }
  const typeAccount = (text: string) => {
    const next = text.replace(/\D/g, '').slice(0, 10)
    setAccount(next)
    resolve(bank, next)
  }
  // Editing a payout: ask the bank about its account straight away (state starts 'asking').
  useEffect(() => {
    if (!editing) return
    const key = `${editing.bankCode}|${editing.accountNumber}`
    asked.current = key
    call('payouts.resolve', {
      bankCode: editing.bankCode,
      accountNumber: editing.accountNumber,
    }).then(
      (answer) => asked.current === key && setResolution({ state: 'answered', ...answer }),
      (error: unknown) =>
        asked.current === key &&
        setResolution({ state: 'answered', kind: 'unavailable', message: messageOf(error) }),
    )
  }, [editing])

  const resolved =
    resolution.state === 'answered' && resolution.kind === 'resolved' ? resolution : null
  const cannotAsk =
    resolution.state === 'answered' && resolution.kind === 'unavailable' ? resolution : null
  const holderName = resolved ? resolved.accountName : typedName
  const ready = Boolean(
    bank &&
    !accountProblem &&
    amount !== null &&
    (resolved ? confirmed : cannotAsk && typedName.trim().length > 1),
  )

  const save = async (submit: boolean) => {
    setTried(true)
    if (!bank || amount === null || amountProblem || accountProblem) {
      setFields(bank ? {} : { bankCode: t('payouts.form.pickBank') })
      return
    }
    setBusy(submit ? 'submit' : 'draft')
    setFields({})
    setRefused({})
    setProblem(null)
    try {
      const details = {
        purpose,
        bankCode: bank.code,
        accountNumber: account,
        accountName: holderName,
        nameConfirmed: Boolean(resolved && confirmed),
        amount: toDecimalString(amount),
        narration,
        recipientEmail: email.trim() || null,
      }
      let view: PayoutView
      if (editing) {
        view = await call('payouts.edit', { reference: editing.reference, changes: details })
        if (submit && view.actions.includes('submit'))
          view = await call('payouts.submit', { reference: view.reference })
      } else {
        view = await call('payouts.draft', { ...details, submit })
      }
      usePayouts.getState().upsert([view])
      onSaved(view)
    } catch (error) {
      // Said once: beside the fields main named, or above the form when it named none.
      setRefused(
        refusalsOf(error, {
          accountNumber: account,
          accountName: holderName,
          amount: String(amount),
          narration,
          recipientEmail: email,
        }),
      )
      setProblem(Object.keys(fieldsOf(error)).length ? null : messageOf(error))
    } finally {
      setBusy(null)
    }
  }

  const submitForm = (event: FormEvent) => {
    event.preventDefault()
    void save(true)
  }
  return (
    <Card
      title={
        editing
          ? t('payouts.form.editTitle', { reference: editing.reference })
          : t('payouts.form.newTitle')
      }
      description={editing ? t('payouts.form.editHelp') : t('payouts.form.newHelp')}
      actions={
        editing ? (
          <Button size="sm" onClick={onCancel}>
            {t('payouts.form.cancelEdit')}
          </Button>
        ) : undefined
      }
    >
      <Form onSubmit={submitForm} noValidate label={t('payouts.form.newTitle')}>
        {offline && (
          <Banner tone="warning" title={t('payouts.form.offlineTitle')}>
            {t('payouts.form.offlineBody')}
          </Banner>
        )}
        {done && (
          <Banner
            tone="success"
            title={t('payouts.form.doneTitle', {
              amount: amountOf(done),
              name: done.accountName,
              state: stateLabelOf(done),
            })}
          >
            {meaningOf(done, 'unknown')}{' '}
            <Trans
              t={t}
              i18nKey="payouts.form.doneReference"
              values={{ reference: done.reference }}
              components={{ mono: <span className="mono" /> }}
            />
          </Banner>
        )}
        {problem && <Banner tone="danger" title={problem} />}

        <div className="po-segmented" role="radiogroup" aria-label={t('payouts.form.kind')}>
          {PURPOSES.map((option) => (
            <label
              key={option.value}
              className={
                purpose === option.value ? 'po-segmented__item is-selected' : 'po-segmented__item'
              }
            >
              <input
                type="radio"
                name="purpose"
                value={option.value}
                checked={purpose === option.value}
                onChange={() => setPurpose(option.value)}
              />
              {t(option.label)}
            </label>
          ))}
        </div>

        <FieldGroup>
          <BankPicker
            banks={banks?.banks ?? []}
            value={bank}
            onChange={chooseBank}
            error={fields.bankCode}
            hint={
              banks?.fetchedAt
                ? t('payouts.form.banksSaved', { time: shortTime(banks.fetchedAt) })
                : banks
                  ? t('payouts.form.banksNone')
                  : t('payouts.form.banksLoading')
            }
          />
          <TextField
            label={t('payouts.form.accountNumber')}
            name="accountNumber"
            inputMode="numeric"
            autoComplete="off"
            placeholder={sayRule(accountNumberHint()).replace(/\.$/, '')}
            maxLength={ACCOUNT_NUMBER_DIGITS}
            value={account}
            error={fieldError(account, tried, accountProblem, refused.accountNumber)}
            hint={
              account.length > 0 && account.length < ACCOUNT_NUMBER_DIGITS
                ? t('payouts.form.moreDigits', { count: ACCOUNT_NUMBER_DIGITS - account.length })
                : undefined
            }
            onChange={(event) => typeAccount(event.target.value)}
          />
        </FieldGroup>

        <NamePanel
          resolution={resolution}
          confirmed={confirmed}
          onConfirm={setConfirmed}
          typedName={typedName}
          onTypedName={setTypedName}
          onRetry={() => resolve(bank, account, true)}
          error={fieldError(holderName, false, null, refused.accountName)}
        />

        <MoneyInput
          label={t('payouts.form.amount')}
          value={amount}
          onChange={setAmount}
          error={fieldError(String(amount), tried, amountProblem, refused.amount)}
          name="amount"
        />
        <FieldGroup>
          <TextField
            label={t('payouts.form.narration')}
            name="narration"
            maxLength={100}
            placeholder={t('payouts.form.narrationPlaceholder')}
            value={narration}
            error={fieldError(narration, false, null, refused.narration)}
            onChange={(event) => setNarration(event.target.value)}
          />
          <TextField
            label={t('payouts.form.email')}
            name="recipientEmail"
            type="email"
            placeholder={t('payouts.form.emailPlaceholder')}
            value={email}
            error={fieldError(email, false, null, refused.recipientEmail)}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FieldGroup>
        <FormActions
          submit={{
            label: t('payouts.form.submit'),
            icon: 'approvals',
            busy: busy === 'submit',
            disabled: !ready || busy !== null,
          }}
        >
          <Button onClick={() => void save(false)} busy={busy === 'draft'} disabled={busy !== null}>
            {t('payouts.form.saveDraft')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  )
}

function NamePanel({
  resolution,
  confirmed,
  onConfirm,
  typedName,
  onTypedName,
  onRetry,
  error,
}: {
  resolution: Resolution
  confirmed: boolean
  onConfirm: (value: boolean) => void
  typedName: string
  onTypedName: (value: string) => void
  onRetry: () => void
  error: string | undefined
}) {
  const { t } = useTranslation()
  if (resolution.state === 'idle') {
    return <p className="po-name po-name--idle">{t('payouts.name.idle')}</p>
  }
  if (resolution.state === 'asking') {
    return (
      <div className="po-name po-name--asking" role="status">
        <Spinner size={20} /> {t('payouts.name.asking')}
      </div>
    )
  }
  if (resolution.kind === 'resolved') {
    return (
      <div
        className={`po-name po-name--resolved${confirmed ? ' is-confirmed' : ''}`}
        data-testid="resolved-name"
      >
        <p className="po-name__label">{t('payouts.name.belongsTo')}</p>
        <p className="po-name__value">{resolution.accountName}</p>
        <label className="po-name__confirm">
          <input
            type="checkbox"
            checked={confirmed}
            onChange={(event) => onConfirm(event.target.checked)}
          />
          {t('payouts.name.confirm')}
        </label>
        {error && <p className="field__error">{error}</p>}
      </div>
    )
  }
  if (resolution.kind === 'no_account') {
    return (
      <Banner tone="danger" title={t('payouts.name.noAccount')}>
        {saySaid(resolution.say, resolution.message)}
      </Banner>
    )
  }
  return (
    <div className="po-name po-name--offline">
      <Banner tone="warning" title={t('payouts.name.cantCheck')}>
        {saySaid(resolution.say, resolution.message)} {t('payouts.name.cantCheckBody')}
      </Banner>
      <div className="po-name__typed">
        <TextField
          label={t('payouts.name.typed')}
          name="accountName"
          value={typedName}
          error={error}
          maxLength={120}
          onChange={(event) => onTypedName(event.target.value)}
        />
        <Button icon="refresh" onClick={onRetry}>
          {t('payouts.name.askAgain')}
        </Button>
      </div>
    </div>
  )
}
