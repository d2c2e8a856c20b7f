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
  const refunded = sum(refunds.filter((r) => r.status === 'success').map((r) => r.amount))
  const inProgress = sum(
    refunds.filter((r) => r.status === 'pending' || r.status === 'processing').map((r) => r.amount),
  )
  const reservedByRefunds = sum([refunded, inProgress])
  const reserved =
    compare(gatewayRefunded, reservedByRefunds) > 0 ? gatewayRefunded : reservedByRefunds
  const refundable = compare(reserved, paid) >= 0 ? ZERO : subtract(paid, reserved)
  return { refunded, inProgress, refundable }
}
