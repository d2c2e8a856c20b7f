// A record's details as label/value pairs (a <dl>). Long values (a bank's full name, a customer
// with three names, a reference) wrap onto the next line instead of being cut off. Falsy items
// (`cond && {...}`) are left out, so optional details read as one list.
import { Fragment, type ReactNode } from 'react'
import './kit.css'

export interface Detail {
  label: string
  value: ReactNode
  /** Grouped lists: the class of the pair's wrapper (e.g. a wider cell). */
  className?: string
  /** Class of the value, e.g. "mono" for a reference. */
  valueClassName?: string
  /** Hover text of the value (the whole of something shown shortened). */
  title?: string
  testId?: string
}

export type DetailItem = Detail | false | null | undefined | '' | 0

export interface DetailListProps {
  items: ReadonlyArray<DetailItem>
  /** The list's look: "facts" (the design system's two columns) unless told. */
  className?: string
  /** Wrap each pair in a <div>, for layouts that place pairs as blocks (cards of details). */
  grouped?: boolean
  testId?: string
}

export const presentDetails = (items: ReadonlyArray<DetailItem>): Detail[] =>
  items.filter((item): item is Detail => Boolean(item))

export function DetailList({
  items,
  className = 'facts',
  grouped = false,
  testId,
}: DetailListProps) {
  const shown = presentDetails(items)
  return (
    <dl className={`${className} kit-details`} data-testid={testId}>
      {shown.map((item) => {
        const pair = (
          <>
            <dt>{item.label}</dt>
            <dd className={item.valueClassName} title={item.title} data-testid={item.testId}>
              {item.value}
            </dd>
          </>
        )
        return grouped ? (
          <div key={item.label} className={item.className}>
            {pair}
          </div>
        ) : (
          <Fragment key={item.label}>{pair}</Fragment>
        )
      })}
    </dl>
  )
}
