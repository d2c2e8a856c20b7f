// A supervisor's list of this till's writes the gateway has not confirmed (refunds, payments,
// debits), reloaded whenever one of them changes. Shown only when there are any; one that
// could not be loaded says so in words. Each screen renders its items with OutcomeReview.
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { Banner } from './Banner'
import './outcome-review.css'

export interface UnsettledSectionProps<T> {
  /** Asks main for the list (already filtered and worded by main). */
  load: () => Promise<T[]>
  /** Calls `reload` when any item of this kind changes; returns the unsubscribe. */
  watch: (reload: () => void) => () => void
  keyOf: (item: T) => string
  /** One item; `done` takes it off the list once decided. */
  render: (item: T, done: () => void) => ReactNode
  intro: string
  label: string
  failedTitle: string
  testId?: string
  /** Turns a failure into words. */
  messageOf: (problem: unknown) => string
}

export function UnsettledSection<T>(props: UnsettledSectionProps<T>) {
  const { load, watch, messageOf } = props
  const [items, setItems] = useState<T[]>([])
  const [error, setError] = useState<string | null>(null)
  const reload = useCallback(
    () =>
      void load().then(
        (list) => {
          setItems(list)
          setError(null)
        },
        (problem: unknown) => setError(messageOf(problem)),
      ),
    [load, messageOf],
  )
  useEffect(() => {
    reload()
    return watch(reload)
  }, [reload, watch])
  if (error)
    return (
      <Banner tone="warning" title={props.failedTitle}>
        {error}
      </Banner>
    )
  if (items.length === 0) return null
  return (
    <section className="outcome-review-list" aria-label={props.label} data-testid={props.testId}>
      <p className="outcome-review__why">{props.intro}</p>
      {items.map((item) => {
        const key = props.keyOf(item)
        return (
          <div key={key}>
            {props.render(item, () =>
              setItems((all) => all.filter((other) => props.keyOf(other) !== key)),
            )}
          </div>
        )
      })}
    </section>
  )
}
