// Labelled inputs with hint and error text wired up for screen readers (aria-describedby,
// aria-invalid), so every form in Tilldesk is accessible by construction.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

interface FieldShellProps {
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  /** Extra content to the right of the label (e.g. a status badge). */
  aside?: ReactNode
  className?: string
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}

export function FieldShell({ label, hint, error, aside, className, children }: FieldShellProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div
      className={['field', error ? 'field--invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  aside?: ReactNode
}

export function TextField({ label, hint, error, aside, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} aside={aside} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...input}
        />
      )}
    </FieldShell>
  )
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  options: Array<{ value: string; label: string }>
}

export function SelectField({
  label,
  hint,
  error,
  options,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="input input--select"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  )
}

export interface PinFieldProps extends Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'value' | 'onChange'
> {
  value: string
  /** Called with what was typed, keeping only the digits. */
  onChange: (digits: string) => void
}

/** A masked, digits-only field for PINs and one-time codes (8 digits unless told). */
export function PinField({
  onChange,
  autoComplete = 'new-password',
  maxLength = 8,
  ...rest
}: PinFieldProps) {
  return (
    <TextField
      type="password"
      inputMode="numeric"
      autoComplete={autoComplete}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
      {...rest}
    />
  )
}
