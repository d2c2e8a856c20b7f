// Mandates this till knows and the one open on screen, as main reports them. A debit's status
// change refreshes the open mandate from main, which recounts the month's usage.
import { create } from 'zustand'
import type { MandateSummary, MandateView } from '../../../common/ipc/mandates'
import { call, messageOf, subscribe } from '../../lib/pos'

interface MandatesStore {
  list: MandateSummary[]
  /** The open mandate, or 'new' for the create form, or null. */
  open: MandateView | 'new' | null
  listError: string | null
  loadList(): Promise<void>
  show(view: MandateView | 'new' | null): void
  upsert(view: MandateView): void
}

const summaryOf = (v: MandateView): MandateSummary => ({
  mandateReference: v.mandateReference,
  status: v.status,
  customerName: v.customerName,
  customerEmail: v.customerEmail,
  currency: v.currency,
  maxMonthlyAmount: v.maxMonthlyAmount,
  endDate: v.endDate,
  checkedAt: v.checkedAt,
})

export const useMandates = create<MandatesStore>((set) => ({
  list: [],
  open: null,
  listError: null,
  async loadList() {
    try {
      set({ list: await call('mandates.list'), listError: null })
    } catch (error) {
      set({ listError: messageOf(error) })
    }
  },
  show(view) {
    set({ open: view })
  },
  upsert(view) {
    set((state) => {
      const exists = state.list.some((m) => m.mandateReference === view.mandateReference)
      const list = exists
        ? state.list.map((m) =>
            m.mandateReference === view.mandateReference ? summaryOf(view) : m,
          )
        : [summaryOf(view), ...state.list]
      const open =
        state.open !== null &&
        state.open !== 'new' &&
        state.open.mandateReference === view.mandateReference
          ? view
          : state.open
      return { list, open }
    })
  },
}))

export function connectMandates(): () => void {
  const offMandate = subscribe('mandates.updated', (view) => useMandates.getState().upsert(view))
  const offDebit = subscribe('mandates.debitUpdated', (debit) => {
    const open = useMandates.getState().open
    if (open !== null && open !== 'new' && open.mandateReference === debit.mandateReference)
      void call('mandates.get', { mandateReference: debit.mandateReference })
        .then((view) => useMandates.getState().upsert(view))
        .catch(() => undefined)
  })
  return () => {
    offMandate()
    offDebit()
  }
}
