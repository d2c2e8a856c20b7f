// /refunds/*: initialize and the query operations (one, of a payment, history, counts).
import type { Endpoints } from '../../common/api/endpoints'
import type { Handlers } from '../http/route'
import type { Refunds } from '../state/refunds'

type RefundEndpoints = Pick<
  Endpoints,
  'initializeRefund' | 'getRefund' | 'refundsOfPayment' | 'refundHistory' | 'refundCounts'
>

export function refundHandlers(refunds: Refunds): Handlers<RefundEndpoints> {
  return {
    initializeRefund: ({ body }) => refunds.initialize(body),
    getRefund: ({ params }) => refunds.get(params.reference),
    refundsOfPayment: ({ params, query }) => refunds.ofPayment(params.payment_reference, query),
    refundHistory: ({ query }) => refunds.history(query),
    refundCounts: () => ({ status: true, data: refunds.counts() }),
  }
}
