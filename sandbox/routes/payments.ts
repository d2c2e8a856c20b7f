// /payments/*, GET /merchants/transactions, and the hosted checkout page the customer's browser
// visits at authorization_url (unauthenticated, as a real checkout page is).
import type { FastifyInstance } from 'fastify'
import type { Endpoints } from '../../common/api/endpoints'
import { PAYMENT_METHODS } from '../../common/api/payments'
import { Reference } from '../../common/api/primitives'
import { cardOutcome, checkoutPage, messagePage, resultPage } from '../checkoutPage'
import { SandboxError } from '../errors'
import type { Handlers } from '../http/route'
import { rawBodyOf } from '../http/route'
import type { PaymentMethodName, PaymentOutcome, Payments } from '../state/payments'

type PaymentEndpoints = Pick<
  Endpoints,
  'initializePayment' | 'verifyPayment' | 'merchantTransactions'
>

export function paymentHandlers(payments: Payments): Handlers<PaymentEndpoints> {
  return {
    initializePayment: ({ body }) => {
      const payment = payments.initialize(body)
      return {
        status: 'success',
        authorization_url: payment.authorization_url,
        reference: payment.reference,
      }
    },
    verifyPayment: ({ params }) => payments.get(params.reference),
    merchantTransactions: ({ query }) => payments.list(query),
  }
}

const OUTCOMES: readonly string[] = ['success', 'failed', 'abandoned', 'card']

/** Sends the customer back to the merchant with the reference, as hosted checkouts do. */
function callbackTarget(callbackUrl: string, reference: string, status: string): string | null {
  try {
    const url = new URL(callbackUrl)
    url.searchParams.set('reference', reference)
    url.searchParams.set('status', status)
    return url.toString()
  } catch {
    return null
  }
}

export function registerCheckout(app: FastifyInstance, payments: Payments): void {
  const html = (status: number, body: string) => ({ status, body })
  const lookup = (reference: unknown) => {
    const parsed = Reference.safeParse(reference)
    return parsed.success ? payments.find(parsed.data) : undefined
  }

  app.get('/checkout/:reference', async (req, reply) => {
    const payment = lookup((req.params as { reference?: string }).reference)
    const { status, body } = payment
      ? html(200, checkoutPage(payment))
      : html(404, messagePage('Payment not found', 'There is no payment with this reference.'))
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'no-store')
      .send(body)
  })

  app.post('/checkout/:reference/complete', async (req, reply) => {
    const send = (status: number, body: string) =>
      reply.code(status).header('content-type', 'text/html; charset=utf-8').send(body)
    const payment = lookup((req.params as { reference?: string }).reference)
    if (!payment)
      return send(404, messagePage('Payment not found', 'There is no payment with this reference.'))
    const form = new URLSearchParams(rawBodyOf(req).toString('utf8'))
    const choice = form.get('outcome') ?? ''
    const method = form.get('payment_method') ?? 'card'
    if (!OUTCOMES.includes(choice) || !(PAYMENT_METHODS as readonly string[]).includes(method))
      return send(400, messagePage('Invalid choice', 'Choose a test card or an outcome.'))
    const outcome: PaymentOutcome =
      choice === 'card' ? cardOutcome(form.get('card_number') ?? '') : (choice as PaymentOutcome)
    try {
      const done = payments.complete(payment.reference, outcome, method as PaymentMethodName)
      const target =
        done.callback_url && callbackTarget(done.callback_url, done.reference, done.status)
      if (target) return reply.redirect(target, 303)
      return send(200, resultPage(done))
    } catch (error) {
      if (error instanceof SandboxError)
        return send(error.status, messagePage('Payment finished', error.message))
      throw error
    }
  })
}
