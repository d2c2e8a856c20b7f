// Amount entry for cashiers: accepts what people type ("12500", "12,500.00", "₦12500.5"), parses exactly
// with common/money (integer minor units, never floats) and shows the formatted amount large.
// The amount below the field is in the till's language ("5 000,00 NGN" in French); the field
// keeps what common/money reads, so only an English till rewrites it as "₦5,000.00".
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  formatMoney as typedMoney,
  parseUserAmount,
  type Currency,
  type Minor,
  DEFAULT_CURRENCY,
} from '../../common/money'
import { amountProblem } from '../i18n/money'
import { formatMoney } from '../lib/format'
import { FieldShell } from './Field'

export interface MoneyInputProps {
  label: string
  value: Minor | null
  onChange: (value: Minor | null) => void
  currency?: Currency
  hint?: string
  /** An error from the server for this field, shown until the cashier edits. */
  error?: string | undefined
  autoFocus?: boolean
  name?: string
}

export function MoneyInput({
  label,
  value,
  onChange,
  currency = DEFAULT_CURRENCY,
  hint,
  error,
  autoFocus,
  name,
}: MoneyInputProps) {
  const [text, setText] = useState(() => (value === null ? '' : typedMoney(value, currency)))
  const [parseError, setParseError] = useState<string | null>(null)
  const { t, i18n } = useTranslation()

  const commit = (next: string) => {
    setText(next)
    if (next.trim() === '') {
      setParseError(null)
      onChange(null)
      return
    }
    try {
      const amount = parseUserAmount(next)
      setParseError(null)
      onChange(amount)
    } catch (problem) {
      setParseError(amountProblem(problem, next) ?? t('components.notAnAmount'))
      onChange(null)
    }
  }

  return (
    <FieldShell label={label} hint={hint} error={parseError ?? error}>
      {({ id, describedBy, invalid }) => (
        <div className="money-input">
          <input
            id={id}
            name={name}
            className="input input--money"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
            value={text}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(event) => commit(event.target.value)}
            onBlur={() => {
              if (value !== null && parseError === null && i18n.language === 'en')
                setText(typedMoney(value, currency))
            }}
          />
          <output className="money-input__preview" htmlFor={id} aria-live="polite">
            {value !== null ? formatMoney(value, currency) : '\u00a0'}
          </output>
        </div>
      )}
    </FieldShell>
  )
}
