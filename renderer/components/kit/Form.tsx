// The pieces every form on the gateway, payout and settings screens is made of: the form
// itself with its one message above the fields (what main answered), fields side by side, and
// the row of actions with the submit button, which shows a spinner and blocks while it runs.
import type { FormEvent, ReactNode } from 'react'
import { Banner, type Tone } from '../Banner'
import { Button, type ButtonProps } from '../Button'

export interface FormMessage {
  tone: Tone
  text: ReactNode
  title?: ReactNode
}

export interface FormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>
  /** Accessible name of the form (tests and screen readers find it by this). */
  label?: string
  /** Shown above the fields: what main answered to the last submit, or null. */
  message?: FormMessage | null
  children: ReactNode
  className?: string
  noValidate?: boolean
  autoComplete?: 'off' | 'on'
}

export function Form({
  onSubmit,
  label,
  message,
  children,
  className = 'form',
  noValidate,
  autoComplete,
}: FormProps) {
  return (
    <form
      className={className}
      aria-label={label}
      noValidate={noValidate}
      autoComplete={autoComplete}
      onSubmit={(event) => void onSubmit(event)}
    >
      {message && (
        <Banner tone={message.tone} title={message.title}>
          {message.text}
        </Banner>
      )}
      {children}
    </form>
  )
}

/** Fields beside each other: two equal columns ("row") or as many as fit ("grid"). */
export function FieldGroup({
  layout = 'row',
  children,
}: {
  layout?: 'row' | 'grid'
  children: ReactNode
}) {
  return <div className={layout === 'row' ? 'form__row' : 'form__grid'}>{children}</div>
}

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'children'> {
  label: ReactNode
}

/** The form's submit button: primary unless told, busy while the submit runs. */
export function SubmitButton({ label, variant = 'primary', ...rest }: SubmitButtonProps) {
  return (
    <Button type="submit" variant={variant} {...rest}>
      {label}
    </Button>
  )
}

/**
 * The actions under a form, at its end: any other buttons first (Cancel, Save draft), then the
 * submit button when `submit` is given.
 */
export function FormActions({
  submit,
  children,
}: {
  submit?: SubmitButtonProps
  children?: ReactNode
}) {
  return (
    <div className="form__actions">
      {children}
      {submit && <SubmitButton {...submit} />}
    </div>
  )
}

/**
 * The props that tie a field to one key of a form kept as strings: its name, value, change
 * handler and main's error for it. `bind('email')` spreads onto a TextField or SelectField.
 */
export function fieldBinder<K extends string>(
  values: Readonly<Record<K, string>>,
  set: (key: K) => (event: { target: { value: string } }) => void,
  errors: Readonly<Record<string, string | undefined>>,
) {
  return (key: K) => ({ name: key, value: values[key], onChange: set(key), error: errors[key] })
}
