// A card with one field and its button on the same line: open a record by its reference.
// What went wrong shows beside the field.
import type { FormEvent } from 'react'
import { Button, type ButtonVariant } from '../Button'
import { Card } from '../Card'
import { TextField } from '../Field'

export interface InlineLookupProps {
  /** The card's title, also the form's accessible name. */
  title: string
  label: string
  name?: string
  value: string
  onChange: (value: string) => void
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  error?: string | undefined
  busy?: boolean
  /** The button's words. */
  action: string
  variant?: ButtonVariant
  autoFocus?: boolean
}

export function InlineLookup({
  title,
  label,
  name,
  value,
  onChange,
  onSubmit,
  error,
  busy = false,
  action,
  variant,
  autoFocus,
}: InlineLookupProps) {
  return (
    <Card title={title}>
      <form className="gw-inline-form" onSubmit={onSubmit} aria-label={title}>
        <TextField
          label={label}
          name={name}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
        />
        <Button
          type="submit"
          variant={variant}
          icon="refresh"
          busy={busy}
          disabled={value.trim() === ''}
        >
          {action}
        </Button>
      </form>
    </Card>
  )
}
