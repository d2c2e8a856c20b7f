// Step one of Collect: the amount due, typed or tapped on the keypad, checked here for shape
// (main parses it again, exactly). One error at a time, beside the field: a new attempt
// replaces the last message instead of adding to it.
import { useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { DEFAULT_CURRENCY, parseUserAmount, type Minor } from '../../../common/money'
import { checkAmount } from '../../../common/rules'
import { Button, Card, FieldShell, TextField } from '../../components'
import { t } from '../../i18n'
import { amountProblem } from '../../i18n/money'
import { sayRule } from '../../i18n/rules'
import { formatMoney } from '../../lib/format'

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', '.'] as const

/** The cashier's amount: what they typed and what it means, or why it is not an amount. */
export function readAmount(text: string): { amount: Minor } | { error: string } {
  if (text.trim() === '') return { error: t('collect.amount.empty') }
  try {
    const amount = parseUserAmount(text)
    const problem = checkAmount(amount)
    if (problem) return { error: sayRule(problem) }
    return { amount }
  } catch (problem) {
    return { error: amountProblem(problem, text) ?? t('collect.amount.notAmount') }
  }
}

export function AmountStep({
  text,
  sale,
  serverError,
  onText,
  onSale,
  onNext,
}: {
  text: string
  sale: string
  /** An error main gave for the amount (e.g. above a limit), until the cashier edits. */
  serverError: string | null
  onText: (text: string) => void
  onSale: (sale: string) => void
  onNext: (amount: Minor) => void
}) {
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const { t } = useTranslation()
  const read = readAmount(text)
  const change = (next: string) => {
    setError(null)
    onText(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if ('error' in read) {
      setError(read.error)
      input.current?.focus()
      return
    }
    onNext(read.amount)
  }
  const press = (key: (typeof KEYS)[number] | 'back' | 'clear') => {
    if (key === 'clear') change('')
    else if (key === 'back') change(text.slice(0, -1))
    else change(text + key)
    input.current?.focus()
  }
  const shown = error ?? serverError
  return (
    <Card title={t('collect.amount.title')} description={t('collect.amount.description')}>
      <form
        className="form amount-step"
        onSubmit={submit}
        aria-label={t('collect.amount.formLabel')}
        noValidate
      >
        <FieldShell label={t('collect.amount.title')} error={shown ?? undefined}>
          {({ id, describedBy, invalid }) => (
            <div className="money-input">
              <input
                ref={input}
                id={id}
                name="amount"
                className="input input--money"
                inputMode="decimal"
                autoComplete="off"
                spellCheck={false}
                autoFocus
                value={text}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => change(event.target.value)}
              />
              <output className="money-input__preview" htmlFor={id} aria-live="polite">
                {'amount' in read ? formatMoney(read.amount, DEFAULT_CURRENCY) : '\u00a0'}
              </output>
            </div>
          )}
        </FieldShell>
        <div className="keypad" role="group" aria-label={t('collect.amount.keypad')}>
          {KEYS.map((key) => (
            <button key={key} type="button" className="keypad__key" onClick={() => press(key)}>
              {key}
            </button>
          ))}
          <button
            type="button"
            className="keypad__key keypad__key--muted"
            onClick={() => press('clear')}
          >
            {t('collect.amount.clear')}
          </button>
          <button
            type="button"
            className="keypad__key keypad__key--muted"
            aria-label={t('components.deleteDigit')}
            onClick={() => press('back')}
          >
            ⌫
          </button>
        </div>
        <TextField
          label={t('collect.amount.sale')}
          name="sale"
          value={sale}
          onChange={(event) => onSale(event.target.value)}
          maxLength={64}
        />
        <div className="form__actions">
          <Button
            type="submit"
            variant="primary"
            size="lg"
            icon="chevronRight"
            aria-keyshortcuts="Enter"
          >
            {t('collect.amount.next')}
          </Button>
          <p className="key-hint">
            <kbd>{t('common.keys.enter')}</kbd> {t('collect.amount.keyNext')} ·{' '}
            <kbd>{t('common.keys.esc')}</kbd> {t('collect.amount.keyStartOver')}
          </p>
        </div>
      </form>
    </Card>
  )
}
