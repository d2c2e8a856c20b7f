// A report's filters fold behind a "Filters" button when the screen is short (large text on a
// 768 px till): two rows of filters left the list a single row, a scroll area squeezed inside
// another. Folded, the button sits at the start of the count's line and the filters open over
// the list; with room, the filters stay open above the count and the button is not shown. Which
// of the two is the CSS's call (a container query on the screen's height, gateway.css), so a
// change of text size or window folds them at once.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components'

export function FilterFold({
  open,
  onOpen,
  applied,
  filters,
  children,
}: {
  /** Open while folded; ignored with room (the filters are always shown then). */
  open: boolean
  onOpen: (open: boolean) => void
  /** How many filters the list is shown with, said on the button. */
  applied: number
  /** The filter form. */
  filters: ReactNode
  /** The count's line (count, totals, Export CSV). */
  children: ReactNode
}) {
  const { t } = useTranslation()
  const id = useId()
  const toggle = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const folded = () => toggle.current?.checkVisibility() ?? false

  // Opened from the button: the first filter takes the focus. Closed (Show, Escape, a click
  // elsewhere) while the focus was in the filters: back to the button, not lost on the page.
  const wasOpen = useRef(open)
  useEffect(() => {
    if (open && !wasOpen.current && folded())
      panel.current?.querySelector<HTMLElement>('select, input, button')?.focus()
    const inside = panel.current?.contains(document.activeElement) ?? false
    if (
      !open &&
      wasOpen.current &&
      folded() &&
      (inside || document.activeElement === document.body)
    )
      toggle.current?.focus()
    wasOpen.current = open
  }, [open])

  // Open over the list: as tall as the room down to the screen's bottom, so the page itself
  // never scrolls under a list that scrolls (the filters scroll within themselves instead).
  useEffect(() => {
    if (!open) return
    const measure = () => {
      const box = panel.current
      const screen = box?.closest('.gw-fill')
      if (!box || !screen) return
      const room = screen.getBoundingClientRect().bottom - box.getBoundingClientRect().top
      box.style.setProperty('--fold-room', `${Math.max(room, 0)}px`)
    }
    measure()
    window.addEventListener('resize', measure)
    return () => window.removeEventListener('resize', measure)
  }, [open])

  useEffect(() => {
    if (!open) return
    const away = (event: PointerEvent) => {
      const target = event.target as Node | null
      if (!folded() || !target) return
      if (panel.current?.contains(target) || toggle.current?.contains(target)) return
      onOpen(false)
    }
    document.addEventListener('pointerdown', away)
    return () => document.removeEventListener('pointerdown', away)
  }, [open, onOpen])

  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open || !folded()) return
    event.stopPropagation()
    onOpen(false)
  }

  return (
    <div className="gw-head">
      <Button
        ref={toggle}
        className="gw-fold__toggle"
        icon="filter"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpen(!open)}
      >
        {t('reports.filters', { count: applied })}
      </Button>
      <div id={id} ref={panel} className="gw-fold__panel" data-open={open} onKeyDown={escape}>
        {filters}
      </div>
      {children}
    </div>
  )
}
