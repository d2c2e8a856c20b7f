import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

export type Tone = 'info' | 'success' | 'warning' | 'danger' | 'neutral'

const ICON: Record<Tone, IconName> = {
  info: 'info',
  success: 'check',
  warning: 'alert',
  danger: 'alert',
  neutral: 'info',
}

/** A message block. Danger and warning are announced at once (role=alert). */
export function Banner({
  tone = 'info',
  title,
  children,
  actions,
  className,
}: {
  tone?: Tone
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  className?: string
}) {
  return (
    <div
      className={['banner', `banner--${tone}`, className ?? ''].filter(Boolean).join(' ')}
      role={tone === 'danger' || tone === 'warning' ? 'alert' : 'status'}
    >
      <Icon name={ICON[tone]} size={22} />
      <div className="banner__body">
        {title && <p className="banner__title">{title}</p>}
        {children && <div className="banner__text">{children}</div>}
      </div>
      {actions && <div className="banner__actions">{actions}</div>}
    </div>
  )
}
