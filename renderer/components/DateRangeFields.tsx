// The "From" and "To" date fields every list filter has, with their errors beside them.
import type { ChangeEvent } from 'react'
import { TextField } from './Field'

const RANGE = [
  { key: 'from', label: 'From' },
  { key: 'to', label: 'To' },
] as const

export interface DateRangeFieldsProps {
  from: string
  to: string
  /** The filter form's change handler for a key. */
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
  return (
    <>
      {RANGE.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          name={named ? key : undefined}
          type="date"
          value={values[key]}
          onChange={onChange(key)}
          error={errors[key]}
        />
      ))}
    </>
  )
}
