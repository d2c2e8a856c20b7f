import type { ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon: IconName
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="empty">
      <div className="empty__icon">
        <Icon name={icon} size={32} />
      </div>
      <h2 className="empty__title">{title}</h2>
      {children && <div className="empty__text">{children}</div>}
      {actions && <div className="empty__actions">{actions}</div>}
    </div>
  )
}
