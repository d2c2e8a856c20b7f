// Figures side by side (balance, counts, this month's use): a small label over a large value,
// the one that matters most emphasised.
import type { ReactNode } from 'react'
import './kit.css'

export function StatTiles({
  children,
  columns,
  testId,
}: {
  children: ReactNode
  /** Exactly four across (balances); otherwise as many as fit. */
  columns?: 4
  testId?: string
}) {
  return (
    <div className={columns === 4 ? 'gw-tiles gw-tiles--4' : 'gw-tiles'} data-testid={testId}>
      {children}
    </div>
  )
}

export function StatTile({
  label,
  value,
  emphasis = false,
  testId,
  valueTestId,
}: {
  label: ReactNode
  value: ReactNode
  emphasis?: boolean
  testId?: string
  valueTestId?: string
}) {
  return (
    <div className={`gw-tile${emphasis ? ' gw-tile--key' : ''}`} data-testid={testId}>
      <span className="gw-tile__label">{label}</span>
      <span className="gw-tile__value" data-testid={valueTestId}>
        {value}
      </span>
    </div>
  )
}
