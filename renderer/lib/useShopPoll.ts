// Keeps a shop-mode view fresh: reads at once, again every few seconds (main answers from its
// own copy of the pulled events; nothing goes to the server) and whenever the shop's status
// changes. `live()` turns false once the view is gone, so a late answer sets no state.
import { useEffect } from 'react'
import { subscribe } from './pos'

export function useShopPoll(
  /** Stable across renders (module-level or useCallback). */
  read: (live: () => boolean) => Promise<unknown>,
  everyMs: number,
  enabled = true,
): void {
  useEffect(() => {
    if (!enabled) return undefined
    let live = true
    const load = () => void read(() => live)
    load()
    const timer = window.setInterval(load, everyMs)
    const off = subscribe('shop.status', load)
    return () => {
      live = false
      window.clearInterval(timer)
      off()
    }
  }, [read, everyMs, enabled])
}
