// The rules of issuing a refund that need no service state: whether a payment can be refunded
// at all, and the amount a cashier's input means, in words.
import type { PaymentRecord } from '../../common/api/payments'
import type { RefundIssueInput, RefundablePayment } from '../../common/ipc/refunds'
import { MoneyError, compare, parseUserAmount, type Minor } from '../../common/money'
import { moneyValue } from '../../common/words/said'
import type { Said } from '../../common/ipc/contract'
import { refuse, type AppError } from '../kernel/errors'

export const unconfirmed = (reference: string): AppError =>
  refuse('refund_unconfirmed', { key: 'refunds.unconfirmed', params: { reference } })

/** Why the payment can't be refunded, keyed (common/words/errors.ts `refunds`), or null. */
export function blockedSaid(
  payment: PaymentRecord,
  refundable: Minor,
  inProgress: Minor,
): Said | null {
  switch (payment.status) {
    case 'pending':
      return { key: 'refunds.notCompleted' }
    case 'failed':
    case 'abandoned':
      return { key: 'refunds.didNotGoThrough' }
    case 'success':
      if (refundable > 0) return null
      return inProgress > 0 ? { key: 'refunds.restInProgress' } : { key: 'refunds.refundedInFull' }
    case 'unknown':
      return {
        key: 'refunds.unknownStatus',
        params: { status: payment.raw_status ?? 'unknown' },
      }
  }
}

/** The amount to send: all that is refundable, or what was typed, checked against it. */
export function refundAmount(input: RefundIssueInput, payment: RefundablePayment): Minor {
  if (input.kind === 'full') return payment.refundable
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
  if (amount <= 0) throw fieldError('amount', { key: 'rule.amount.notAboveZero' })
  if (compare(amount, payment.refundable) > 0)
    throw fieldError('amount', {
      key: 'refunds.atMost',
      params: { mostAmount: moneyValue(payment.refundable, payment.currency) },
    })
  return amount
}

export const fieldError = (field: string, message: string | Said): AppError =>
  typeof message === 'string'
    ? refuse('invalid_input', { key: 'input.checkFields' }, { fields: { [field]: message } })
    : refuse('invalid_input', { key: 'input.checkFields' }, { fieldSay: { [field]: message } })
