// A row of tab buttons (role="tablist"/"tab", aria-selected on the current one), in the look
// of the gateway screens or of the payouts screens.
import './tabs.css'
export interface TabItem<T extends string> {
  id: T
  label: string
}

const LOOKS = {
  gateway: { list: 'gw-tabs', tab: 'gw-tab', selected: 'gw-tab' },
  payouts: { list: 'po-tabs', tab: 'po-filter', selected: 'po-filter is-selected' },
} as const

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list, e.g. "Reports". */
  label: string
  tabs: ReadonlyArray<TabItem<T>>
  selected: T
  onSelect: (id: T) => void
  look: keyof typeof LOOKS
  /** Class of the list, when not the look's own. */
  className?: string
}

export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  look,
  className,
}: TabsProps<T>) {
  const classes = LOOKS[look]
  return (
    <div className={className ?? classes.list} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          className={selected === t.id ? classes.selected : classes.tab}
          aria-selected={selected === t.id}
          onClick={() => onSelect(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  )
}
