// What each kind of window may call and hear. Electron tells main which web contents sent a
// call; main, not the page, decides what kind of window that is (recorded when main created
// it). A web contents main did not create as one of our windows may do nothing.
import {
  CUSTOMER_DISPLAY_CHANNELS,
  CUSTOMER_DISPLAY_EVENTS,
  type WindowKind,
} from '../../common/ipc/windows'

const CUSTOMER_DISPLAY_CHANNEL_SET = new Set<string>(CUSTOMER_DISPLAY_CHANNELS)
const CUSTOMER_DISPLAY_EVENT_SET = new Set<string>(CUSTOMER_DISPLAY_EVENTS)

/** `undefined`: a transport with no windows (the preview, tests) where the origin check rules. */
export type SenderWindow = WindowKind | 'unknown' | undefined

export function channelAllowedFor(window: SenderWindow, channel: string): boolean {
  if (window === undefined || window === 'cashier') return true
  if (window === 'customer-display') return CUSTOMER_DISPLAY_CHANNEL_SET.has(channel)
  return false
}

export function eventAllowedFor(window: SenderWindow, event: string): boolean {
  if (window === undefined || window === 'cashier') return true
  if (window === 'customer-display') return CUSTOMER_DISPLAY_EVENT_SET.has(event)
  return false
}

/** Web contents id → the kind main created it as. */
export class WindowRegistry {
  readonly #kinds = new Map<number, WindowKind>()

  register(webContentsId: number, kind: WindowKind): void {
    this.#kinds.set(webContentsId, kind)
  }

  forget(webContentsId: number): void {
    this.#kinds.delete(webContentsId)
  }

  kindOf(webContentsId: number): WindowKind | 'unknown' {
    return this.#kinds.get(webContentsId) ?? 'unknown'
  }
}
