// The payment being refunded, as main last described it (balance included), refreshed from
// main whenever one of its refunds changes status.
import { create } from 'zustand'
import type { RefundablePayment, RefundView } from '../../../common/ipc/refunds'
import { call, subscribe } from '../../lib/pos'

interface RefundsStore {
  payment: RefundablePayment | null
  loading: boolean
  error: unknown
  /** The refund this till just issued, to confirm it on screen. */
  issued: RefundView | null
  lookUp(paymentReference: string): Promise<void>
  setIssued(refund: RefundView | null): void
  clear(): void
}

export const useRefunds = create<RefundsStore>((set) => ({
  payment: null,
  loading: false,
  error: null,
  issued: null,
  async lookUp(paymentReference) {
    set({ loading: true, error: null })
    try {
      const payment = await call('refunds.prepare', { paymentReference })
      // The confirmation stays only while it is about the payment on screen.
      set((s) => ({
        payment,
        loading: false,
        issued: s.issued?.paymentReference === payment.paymentReference ? s.issued : null,
      }))
    } catch (error) {
      set({ loading: false, error, payment: null, issued: null })
    }
  },
  setIssued(refund) {
    set({ issued: refund })
  },
  clear() {
    set({ payment: null, error: null, issued: null })
  },
}))

export function connectRefunds(): () => void {
  return subscribe('refunds.updated', (refund) => {
    const state = useRefunds.getState()
    if (state.issued?.reference === refund.reference) state.setIssued(refund)
    // Main recomputes the balance; the screen never adds refunds up itself.
    if (state.payment?.paymentReference === refund.paymentReference)
      void state.lookUp(refund.paymentReference)
  })
}
