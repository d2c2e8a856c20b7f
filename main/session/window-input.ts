// Use of the till, as main sees it: the input events Electron reports for a window's web
// contents (`input-event`) come from the browser process, so a page cannot make them up (a
// script's synthetic DOM events never get here), unlike its own `session.activity` reports.
// Only presses count, as in the page (a key, a click, a wheel, a touch), never a pointer that
// merely moves, and only in the cashier's windows: a customer touching the customer display
// is not the cashier at the till.
import type { WindowKind } from '../../common/ipc/windows'

const USE = new Set([
  'rawKeyDown',
  'keyDown',
  'mouseDown',
  'mouseWheel',
  'touchStart',
  'gestureTap',
  'gestureScrollBegin',
])

/** The part of Electron's WebContents this needs (tests pass an EventEmitter). */
export interface InputEvents {
  on(event: 'input-event', listener: (event: unknown, input: { type: string }) => void): unknown
}

export function watchWindowInput(contents: InputEvents, kind: WindowKind, onUse: () => void): void {
  if (kind !== 'cashier') return
  contents.on('input-event', (_event, input) => {
    if (USE.has(input.type)) onUse()
  })
}
