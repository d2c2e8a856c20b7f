import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react'
import { Icon, type IconName } from './Icon'
import { Spinner } from './Spinner'

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'success'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'xl'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  icon?: IconName
  /** Shows a spinner and blocks clicks while an action runs. */
  busy?: boolean
  /** Keyboard shortcut hint shown on the button, e.g. "F2". */
  shortcut?: string
  children?: ReactNode
  /** The button element, for a caller that moves the focus to it. */
  ref?: Ref<HTMLButtonElement>
}

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  busy = false,
  shortcut,
  children,
  className,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, busy ? 'is-busy' : '', className ?? '']
    .filter(Boolean)
    .join(' ')
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? (
        <Spinner size={16} />
      ) : icon ? (
        <Icon name={icon} size={size === 'sm' ? 16 : 20} />
      ) : null}
      {children !== undefined && <span className="btn__label">{children}</span>}
      {shortcut && <kbd className="btn__kbd">{shortcut}</kbd>}
    </button>
  )
}
