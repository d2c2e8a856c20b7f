// PIN entry: a real password input (so keyboards, screen readers and password managers behave)
// plus a large on-screen keypad for touch tills. Enter submits.
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './Icon'

export interface PinPadProps {
  value: string
  onChange: (value: string) => void
  onSubmit: () => void
  label?: string
  error?: string | null
  disabled?: boolean
  maxLength?: number
  autoFocus?: boolean
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

export function PinPad({
  value,
  onChange,
  onSubmit,
  label,
  error,
  disabled = false,
  maxLength = 8,
  autoFocus = true,
}: PinPadProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const { t } = useTranslation()
  useEffect(() => {
    // Without scrolling: on the approval screen the pad sits below the details it signs, and
    // focusing it scrolled them out of sight at 1024 × 768.
    if (autoFocus) input.current?.focus({ preventScroll: true })
  }, [autoFocus])

  const press = (digit: string) => {
    if (disabled || value.length >= maxLength) return
    onChange(value + digit)
    input.current?.focus()
  }

  return (
    <div className="pinpad">
      <label className="pinpad__label" htmlFor={id}>
        {label ?? t('components.pin')}
      </label>
      <input
        ref={input}
        id={id}
        className="input pinpad__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={maxLength}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, maxLength))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            onSubmit()
          }
        }}
      />
      {error && (
        <p className="pinpad__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="pinpad__keys">
        {KEYS.map((digit) => (
          <button
            key={digit}
            type="button"
            className="pinpad__key"
            tabIndex={-1}
            disabled={disabled}
            onClick={() => press(digit)}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          className="pinpad__key pinpad__key--muted"
          tabIndex={-1}
          disabled={disabled}
          aria-label={t('components.clearPin')}
          onClick={() => {
            onChange('')
            input.current?.focus()
          }}
        >
          C
        </button>
        <button
          type="button"
          className="pinpad__key"
          tabIndex={-1}
          disabled={disabled}
          onClick={() => press('0')}
        >
          0
        </button>
        <button
          type="button"
          className="pinpad__key pinpad__key--muted"
          tabIndex={-1}
          disabled={disabled}
          aria-label={t('components.deleteDigit')}
          onClick={() => {
            onChange(value.slice(0, -1))
            input.current?.focus()
          }}
        >
          <Icon name="backspace" size={22} />
        </button>
      </div>
    </div>
  )
}
