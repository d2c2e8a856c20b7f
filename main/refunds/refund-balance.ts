// How much of a payment can still be refunded. Pure, so the rule is tested on its own: a
// refund that went through or is still in progress counts against the payment; a failed one
// frees its amount again. The gateway's own `amount_refunded` is honoured as a floor, so the
// till never offers more than the gateway would accept.
import type { Refund } from '../../common/api/refunds'
import { compare, subtract, sum, ZERO, type Minor } from '../../common/money'

export interface RefundBalance {
  refunded: Minor
  inProgress: Minor
  refundable: Minor
}

export function refundBalance(
  paid: Minor,
  gatewayRefunded: Minor,
  refunds: ReadonlyArray<Pick<Refund, 'amount' | 'status'>>,
): RefundBalance {
  const amounts = (list: typeof refunds): Minor[] =>
    list.flatMap((r) => (r.amount === undefined ? [] : [r.amount]))
  const refunded = sum(amounts(refunds.filter((r) => r.status === 'success')))
  // A status the till does not know may still be on its way: it is reserved, like pending.
  const open = refunds.filter(
    (r) => r.status === 'pending' || r.status === 'processing' || r.status === 'unknown',
  )
  const inProgress = sum(amounts(open))
  const reservedByRefunds = sum([refunded, inProgress])
  const reserved =
    compare(gatewayRefunded, reservedByRefunds) > 0 ? gatewayRefunded : reservedByRefunds
  // A refund that counts against the payment but whose amount the gateway did not give could
  // be any amount: nothing more is offered until the gateway says.
  const amountNotGiven = refunds.some((r) => r.status !== 'failed' && r.amount === undefined)
  const refundable =
    amountNotGiven || compare(reserved, paid) >= 0 ? ZERO : subtract(paid, reserved)
  return { refunded, inProgress, refundable }
}
