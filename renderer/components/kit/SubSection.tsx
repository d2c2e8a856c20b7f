// A titled part of a card (a record's activation, this month's use, cancelling): a region named
// by its heading, set off from what is above by a rule.
import { useId, type ReactNode } from 'react'

export function SubSection({
  title,
  testId,
  children,
}: {
  title: ReactNode
  testId?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <section className="gw-section" aria-labelledby={id} data-testid={testId}>
      <h3 className="gw-section__title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  )
}
