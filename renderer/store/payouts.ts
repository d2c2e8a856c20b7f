// Payouts as main reports them: every payout view (fed by `payouts.changed`), the outbox
// status, and the bank list. Screens read from here and call main for every change; nothing
// here computes an amount, a state or who may do what.
import { create } from 'zustand'
import type { BanksView, PayoutView, PayoutsStatus } from '../../common/ipc/payouts'
import { call, subscribe } from '../lib/pos'
import { t } from '../i18n'

interface PayoutsStore {
  items: Record<string, PayoutView>
  status: PayoutsStatus | null
  banks: BanksView | null
  loaded: boolean
  loadError: string | null
  upsert(views: PayoutView[]): void
  refresh(): Promise<void>
  loadBanks(): Promise<void>
}

export const usePayouts = create<PayoutsStore>((set, get) => ({
  items: {},
  status: null,
  banks: null,
  loaded: false,
  loadError: null,
  upsert(views) {
    set((state) => {
      const items = { ...state.items }
      for (const view of views) items[view.reference] = view
      return { items }
    })
  },
  async refresh() {
    try {
      const list = await call('payouts.list')
      const items: Record<string, PayoutView> = {}
      for (const view of list.items) items[view.reference] = view
      set({ items, status: list.status, loaded: true, loadError: null })
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : t('common.payoutsLoadFailed') })
    }
  },
  async loadBanks() {
    if (get().banks?.banks.length) return
    set({ banks: await call('banks.list') })
  },
}))

/** Newest first. */
export const sortedPayouts = (items: Record<string, PayoutView>): PayoutView[] =>
  Object.values(items).sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  )

/**
 * What waits on a supervisor's decision: sent for approval, or held for review and still
 * rejectable. The Approvals queue, the nav badge and the status bar count the same list.
 */
export const approvalQueue = (items: Record<string, PayoutView> | PayoutView[]): PayoutView[] =>
  (Array.isArray(items) ? items : Object.values(items)).filter(
    (view) =>
      view.state === 'awaiting_approval' ||
      (view.state === 'needs_review' && view.actions.includes('reject')),
  )

let connections = 0
let disconnect: (() => void) | null = null

/** Subscribes while any payouts screen is mounted; returns the unsubscribe. */
export function connectPayouts(): () => void {
  connections += 1
  if (connections === 1) {
    const offs = [
      subscribe('payouts.changed', (views) => usePayouts.getState().upsert(views)),
      subscribe('payouts.status', (status) => usePayouts.setState({ status })),
      // Buttons depend on who is signed in: reload after a switch of user.
      subscribe('session.changed', () => void usePayouts.getState().refresh()),
    ]
    disconnect = () => offs.forEach((off) => off())
    void usePayouts.getState().refresh()
  }
  return () => {
    connections -= 1
    if (connections === 0) {
      disconnect?.()
      disconnect = null
    }
  }
}
