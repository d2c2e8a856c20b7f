// The "From" and "To" date fields every list filter has, with their errors beside them. Typed
// day first (24/11/2026) in plain text fields: the browser's own date input shows mm/dd/yyyy
// in many setups, which a Nigerian till reads the wrong way round. Values go up as YYYY-MM-DD.
import { useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { dayToInput, inputToDay } from '../lib/format'
import { TextField } from './Field'

const RANGE = ['from', 'to'] as const

export interface DateRangeFieldsProps {
  /** YYYY-MM-DD or empty. */
  from: string
  to: string
  /** The filter form's change handler for a key: receives YYYY-MM-DD (or what was typed). */
  onChange: (key: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => void
  errors: { from?: string | undefined; to?: string | undefined }
  /** Give the inputs name="from" and name="to". */
  named?: boolean
}

export function DateRangeFields({
  from,
  to,
  onChange,
  errors,
  named = false,
}: DateRangeFieldsProps) {
  const values = { from, to }
  const { t } = useTranslation()
  return (
    <>
      {RANGE.map((key) => (
        <DateField
          key={key}
          label={t(`components.dates.${key}`)}
          name={named ? key : undefined}
          value={values[key]}
          onChange={onChange(key)}
          error={errors[key]}
        />
      ))}
    </>
  )
}

/** One day-first date field (24/11/2026); its value goes up as YYYY-MM-DD. */
export function DateField({
  label,
  name,
  value,
  onChange,
  error,
  hint,
}: {
  label: string
  name?: string | undefined
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  error?: string | undefined
  hint?: string | undefined
}) {
  const [text, setText] = useState(() => dayToInput(value))
  const [shownFor, setShownFor] = useState(value)
  const [touched, setTouched] = useState(false)
  const { t } = useTranslation()
  const dayError = t('components.dates.error')
  // The form reset or set the day itself: show it the same way.
  if (value !== shownFor) {
    setShownFor(value)
    if (inputToDay(text) !== value && text !== value) setText(dayToInput(value))
  }
  const parsed = inputToDay(text)
  const own = touched && parsed === null ? dayError : undefined
  return (
    <TextField
      label={label}
      name={name}
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('components.dates.placeholder')}
      value={text}
      maxLength={10}
      onChange={(event) => {
        const next = event.target.value
        setText(next)
        setTouched(false)
        const day = inputToDay(next)
        // A day that is not one still goes up as typed, so the filter refuses it rather than
        // silently dropping it.
        const up = day === null ? next : day
        setShownFor(up)
        // Filters read only `target.value` (see the callers' `set(key)`).
        onChange({ target: { value: up } } as unknown as ChangeEvent<HTMLInputElement>)
      }}
      onBlur={() => setTouched(true)}
      hint={hint}
      // Main's wording speaks of YYYY-MM-DD; the person typed day first, so say it that way.
      error={own ?? (error && parsed === null ? dayError : error)}
    />
  )
}
