// What a hosted-checkout payment is to the exactly-once core (main/exactly-once/tracker.ts):
// initialized with our reference, verified by it, final when success, failed or abandoned.
// Its life after the first send (lookups, resends, review, decisions, the fence) is the core's.
import type { InitializePaymentResponse, PaymentRecord } from '../../common/api/payments'
import { unconfirmedNotice } from '../exactly-once/outcome-view'
import { outcomeKind } from '../exactly-once/kind'
import type { GatewayClient } from '../gateway'
import { english } from '../kernel/errors'
import { stillChecking } from '../gateway/cashier-errors'
import { PAYMENT_NOTICES } from './payment-notice'
import { applyPaymentRecord, isFinalPayment, type PaymentEntry } from './payment-entry'

export interface PaymentsGateway {
  payments: Pick<GatewayClient['payments'], 'initialize' | 'verify'>
  sandbox: Pick<GatewayClient['sandbox'], 'completePayment'>
}

export function paymentKind(tillName: () => string) {
  return outcomeKind<PaymentEntry, PaymentsGateway, InitializePaymentResponse, PaymentRecord>({
    words: { noun: 'payment' },
    referenceOf: (e) => e.reference,
    startedById: (e) => e.takenById,
    open: (e) => e.status === 'starting',
    final: (e) => isFinalPayment(e.status),
    // The journalled payment, exactly as first sent.
    send: (gateway, e) =>
      gateway.payments.initialize({
        email: e.email,
        amount: e.amount,
        currency: e.currency,
        reference: e.reference,
        ...(e.customerName ? { customer_name: e.customerName } : {}),
        metadata: {
          till: tillName(),
          cashier: e.takenBy,
          ...(e.description ? { description: e.description } : {}),
        },
      }),
    lookup: (gateway, reference) => gateway.payments.verify(reference),
    answerReference: (answer) => answer.reference,
    accepted: (e, answer, at) => ({
      ...e,
      status: e.status === 'starting' ? 'pending' : e.status,
      authorizationUrl: answer.authorization_url || e.authorizationUrl,
      verifiedAt: at,
      notice: null,
    }),
    fold: applyPaymentRecord,
    unknown: (_, uncertainty) => ({ notice: unconfirmedNotice(uncertainty, 'payment') }),
    decided: (_, resolution) => ({
      status: resolution.made ? 'success' : 'not_paid',
      paidAt: resolution.made ? resolution.at : null,
      notice: null,
    }),
    // A checkout that is only pending has moved no money yet; success has.
    contradicts: (record, made) =>
      made
        ? record.status === 'failed' || record.status === 'abandoned'
        : record.status === 'success',
    statusWords: (record) => record.raw_status ?? record.status,
    lookupFailed: (e, error) => ({ ...e, notice: stillChecking(error, 'checkPayment') }),
    gaveUp: (e) => ({
      ...e,
      notice: english(PAYMENT_NOTICES.waitingCustomer),
    }),
  })
}
