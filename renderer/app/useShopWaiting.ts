// In shop mode, how many payouts on the shop's other tills wait for this supervisor: they join
// the local count in the navigation badge and the status bar, so a supervisor at any till sees
// that something waits without opening Approvals. Read from main every few seconds (main reads
// its own copy of the pulled events; nothing goes to the server) and at once when the shop's
// status changes.
import { useEffect, useState } from 'react'
import type { ShopApprovalView } from '../../common/ipc/shopApprovals'
import { call, subscribe } from '../lib/pos'

const REFRESH_MS = 5_000

/** Waiting items this user may decide: not yet decided, and not blocked (e.g. their own). */
export const decidable = (items: readonly ShopApprovalView[]): number =>
  items.filter((item) => item.decided === null && item.blocked === null).length

export function useShopWaiting(decides: boolean): number {
  const [count, setCount] = useState(0)
  useEffect(() => {
    if (!decides) return undefined
    let live = true
    const load = () =>
      call('shop.status')
        .then(async (status) => {
          if (status.mode !== 'shop') return 0
          return decidable(await call('shop.waitingPayouts'))
        })
        // A badge is a hint: if main can't tell now, the next round tries again.
        .then((next) => live && setCount(next))
        .catch(() => undefined)
    void load()
    const timer = window.setInterval(() => void load(), REFRESH_MS)
    const off = subscribe('shop.status', () => void load())
    return () => {
      live = false
      window.clearInterval(timer)
      off()
    }
  }, [decides])
  // A user who can't decide sees no count, whatever an earlier user's was.
  return decides ? count : 0
}
