// The rules of issuing a refund that need no service state: whether a payment can be refunded
// at all, the amount a cashier's input means, and the errors and evidence, in words, when the
// gateway's answer is lost or refused.
import type { PaymentRecord } from '../../common/api/payments'
import type { RefundIssueInput, RefundablePayment } from '../../common/ipc/refunds'
import { MoneyError, compare, formatMoney, parseUserAmount, type Minor } from '../../common/money'
import type { Uncertainty } from '../exactly-once/submit'
import { writeFailure } from '../gateway/classify'
import { GatewayError } from '../gateway/errors'
import { AppError } from '../kernel/errors'

export const unconfirmed = (reference: string): AppError =>
  new AppError(
    'refund_unconfirmed',
    `The gateway hasn't confirmed refund ${reference} yet. Don't issue it again: the till keeps checking, and it will appear under this payment once confirmed.`,
  )

/** A GatewayError saying the write was not carried out (submitByReference throws only these). */
export const isDefiniteRefusal = (error: unknown): boolean =>
  error instanceof GatewayError && writeFailure(error) !== 'unknown'

/** The evidence of a send whose answer was lost to something other than the gateway. */
export function lostAnswer(at: number, error: unknown): Uncertainty {
  const when = new Date(at).toISOString()
  const what = error instanceof Error ? error.name : typeof error
  return {
    since: when,
    lastUnknownAt: when,
    resendRefused: false,
    existsSaid: false,
    steps: [
      {
        at: when,
        call: 'send',
        said: `The till hit a problem of its own (${what}) while sending, so the request may have reached the gateway.`,
      },
    ],
    review: null,
  }
}

export function blockedReason(
  payment: PaymentRecord,
  refundable: Minor,
  inProgress: Minor,
): string | null {
  switch (payment.status) {
    case 'pending':
      return "This payment hasn't been completed yet. Only completed payments can be refunded."
    case 'failed':
    case 'abandoned':
      return 'This payment did not go through, so there is nothing to refund.'
    case 'success':
      if (refundable > 0) return null
      return inProgress > 0
        ? 'The rest of this payment is already being refunded. Wait for those refunds to finish.'
        : 'This payment has already been refunded in full.'
    case 'unknown':
      return `The gateway reports this payment as "${payment.raw_status ?? 'unknown'}", a status this till does not know. Only payments the gateway calls complete can be refunded.`
  }
}

/** The amount to send: all that is refundable, or what was typed, checked against it. */
export function refundAmount(input: RefundIssueInput, payment: RefundablePayment): Minor {
  if (input.kind === 'full') return payment.refundable
  const most = formatMoney(payment.refundable, payment.currency)
  let amount: Minor
  try {
    // Read in the payment's own currency: its symbol only, its minor units (never naira's).
    amount = parseUserAmount(input.amount ?? '', payment.currency)
  } catch (error) {
    throw fieldError(
      'amount',
      error instanceof MoneyError ? error.message : 'Enter an amount, like 2500.00.',
    )
  }
  if (amount <= 0) throw fieldError('amount', 'Enter an amount more than zero.')
  if (compare(amount, payment.refundable) > 0)
    throw fieldError('amount', `At most ${most} can be refunded on this payment.`)
  return amount
}

export const fieldError = (field: string, message: string): AppError =>
  new AppError('invalid_input', 'Check the highlighted fields.', { fields: { [field]: message } })
