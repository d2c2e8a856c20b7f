// Shift close, as seen from the event bus: a `shifts.changed` whose shift went from open to
// closed. Read structurally (only `current.state` and `current.id`), so updates need nothing
// else from the shifts feature and tolerate any other field it adds.
export function shiftCloseWatcher(onClosed: () => void): (name: string, payload: unknown) => void {
  let openShift: string | null = null
  return (name, payload) => {
    if (name !== 'shifts.changed') return
    const current = (payload as { current?: { id?: unknown; state?: unknown } | null } | null)
      ?.current
    const id = typeof current?.id === 'string' ? current.id : null
    const open = id !== null && current?.state === 'open'
    if (openShift !== null && (!open || id !== openShift)) onClosed()
    openShift = open ? id : null
  }
}
