// In shop mode, how many payouts on the shop's other tills wait for this supervisor: they join
// the local count in the navigation badge and the status bar, so a supervisor at any till sees
// that something waits without opening Approvals. Read from main every few seconds (main reads
// its own copy of the pulled events; nothing goes to the server) and at once when the shop's
// status changes.
import { useMemo, useState } from 'react'
import type { ShopApprovalView } from '../../common/ipc/shopApprovals'
import { call } from '../lib/pos'
import { useShopPoll } from '../lib/useShopPoll'

const REFRESH_MS = 5_000

/** Waiting items this user may decide: not yet decided, and not blocked (e.g. their own). */
export const decidable = (items: readonly ShopApprovalView[]): number =>
  items.filter((item) => item.decided === null && item.blocked === null).length

/** This till's count: main's answer, or 0 outside shop mode; a failed read keeps the last. */
const readCount = (set: (n: number) => void) => (live: () => boolean) =>
  call('shop.status')
    .then(async (status) => {
      if (status.mode !== 'shop') return 0
      return decidable(await call('shop.waitingPayouts'))
    })
    // A badge is a hint: if main can't tell now, the next round tries again.
    .then((next) => live() && set(next))
    .catch(() => undefined)

export function useShopWaiting(decides: boolean): number {
  const [count, setCount] = useState(0)
  const read = useMemo(() => readCount(setCount), [])
  useShopPoll(read, REFRESH_MS, decides)
  // A user who can't decide sees no count, whatever an earlier user's was.
  return decides ? count : 0
}
