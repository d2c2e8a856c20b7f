// Checkout payments as main reports them: this till's recent ones and whichever is open on the
// screen, kept current by `payments.updated`. Nothing here decides a status.
import { create } from 'zustand'
import type { CheckoutView } from '../../../common/ipc/payments'
import { t } from '../../i18n'
import { call, subscribe } from '../../lib/pos'

interface PaymentsStore {
  byReference: Record<string, CheckoutView>
  /** This till's payments, newest first (references). */
  recent: string[]
  /** The payment in the main panel, or null for the new-payment form. */
  open: string | null
  loadError: string | null
  upsert(view: CheckoutView): void
  show(reference: string | null): void
  loadRecent(): Promise<void>
}

export const usePayments = create<PaymentsStore>((set) => ({
  byReference: {},
  recent: [],
  open: null,
  loadError: null,
  upsert(view) {
    set((state) => ({
      byReference: { ...state.byReference, [view.reference]: view },
      recent:
        view.takenHere && !state.recent.includes(view.reference)
          ? [view.reference, ...state.recent]
          : state.recent,
    }))
  },
  show(reference) {
    set({ open: reference })
  },
  async loadRecent() {
    try {
      const views = await call('payments.recent')
      set((state) => {
        const byReference = { ...state.byReference }
        for (const view of views) byReference[view.reference] = view
        return { byReference, recent: views.map((v) => v.reference), loadError: null }
      })
    } catch (error) {
      set({ loadError: error instanceof Error ? error.message : t('payments.recent.failed') })
    }
  },
}))

export function connectPayments(): () => void {
  return subscribe('payments.updated', (view) => usePayments.getState().upsert(view))
}
