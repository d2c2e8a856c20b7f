// A side list of records to open (recent payments, mandates): each line a button with what it
// is on the left and its state on the right; the open one is marked (aria-current). Names wrap
// onto a second line rather than being cut off.
import type { ReactNode } from 'react'
import './kit.css'

export interface PickListProps<Item> {
  items: ReadonlyArray<Item>
  keyOf: (item: Item) => string
  /** The key of the open item, if any. */
  activeKey?: string | null
  onPick: (item: Item) => void
  /** What it is: a bold first line, then smaller ones. */
  main: (item: Item) => ReactNode
  /** Its state, at the end of the line. */
  end?: (item: Item) => ReactNode
  testId?: string
}

export function PickList<Item>({
  items,
  keyOf,
  activeKey = null,
  onPick,
  main,
  end,
  testId,
}: PickListProps<Item>) {
  return (
    <ul className="gw-list kit-picklist" data-testid={testId}>
      {items.map((item) => {
        const key = keyOf(item)
        const active = key === activeKey
        return (
          <li key={key}>
            <button
              type="button"
              className={`gw-list__item${active ? ' is-active' : ''}`}
              aria-current={active || undefined}
              onClick={() => onPick(item)}
            >
              <span className="gw-list__main">{main(item)}</span>
              {end && <span className="gw-list__end">{end(item)}</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
