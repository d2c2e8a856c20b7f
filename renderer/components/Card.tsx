import type { ReactNode } from 'react'

export function Card({
  title,
  description,
  actions,
  children,
  className,
  id,
}: {
  title?: ReactNode
  description?: ReactNode
  actions?: ReactNode
  children?: ReactNode
  className?: string
  id?: string
}) {
  const headingId = id ? `${id}-title` : undefined
  return (
    <section
      className={['card', className ?? ''].filter(Boolean).join(' ')}
      id={id}
      aria-labelledby={headingId}
    >
      {(title || actions) && (
        <header className="card__head">
          <div>
            {title && (
              <h2 className="card__title" id={headingId}>
                {title}
              </h2>
            )}
            {description && <p className="card__description">{description}</p>}
          </div>
          {actions && <div className="card__actions">{actions}</div>}
        </header>
      )}
      {children}
    </section>
  )
}
