// An amount is read in the currency it is for: only that currency's symbol is accepted, so
// "₦50" typed for a US-dollar payment is pointed out, never taken as 50 dollars, and "$5" for a
// dollar payment, debit or mandate limit is five dollars.
import { describe, expect, it } from 'vitest'
import type { CheckoutView } from '../../../common/ipc/payments'
import { validateMandateForm } from '../../../main/mandates/mandate-rules'
import { CHECKOUT_SCHEDULE, Follower } from '../../../main/exactly-once/follower'
import { Journal, memoryStorage } from '../../../main/payments/journal'
import { PaymentEntry } from '../../../main/payments/payment-entry'
import { PaymentsService } from '../../../main/payments/payments-service'
import { rejection } from '../../support/async'
import { FakeCheckoutGateway, GATEWAY_URL } from './fake-checkout-gateway'
import { ManualTimers, log } from './support'

function payments() {
  const timers = new ManualTimers()
  const gateway = new FakeCheckoutGateway()
  const service = new PaymentsService({
    gateway: async () => gateway,
    journal: new Journal({
      name: 'payments',
      schema: PaymentEntry,
      storage: memoryStorage(),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.createdAt,
      limit: 200,
    }),
    follower: new Follower(CHECKOUT_SCHEDULE, timers),
    publish: (_view: CheckoutView) => undefined,
    actor: () => ({ id: 'u_cashier01', name: 'Ada' }),
    tillName: () => 'Till 1',
    environment: () => 'demo',
    gatewayBaseUrl: () => GATEWAY_URL,
    openExternal: null,
    log,
    now: () => timers.now(),
  })
  return { gateway, service }
}

describe('amounts are read in their own currency', () => {
  it('a dollar payment refuses the naira sign and sends nothing', async () => {
    const { gateway, service } = payments()
    const error = await rejection(
      service.start({ email: 'buyer@example.com', amount: '₦50.00', currency: 'USD' }),
    )
    expect(error.fields?.amount).toBeDefined()
    expect(gateway.initializeCalls).toHaveLength(0)
  })

  it('a dollar payment reads "$5.00" as five dollars', async () => {
    const { gateway, service } = payments()
    await service.start({ email: 'buyer@example.com', amount: '$5.00', currency: 'USD' })
    expect(gateway.initializeCalls[0]).toMatchObject({ amount: 500, currency: 'USD' })
  })

  it("a mandate's monthly limit is read in the mandate's currency", () => {
    const form = {
      customerName: 'Bola Ade',
      customerEmail: 'bola@example.com',
      accountNumber: '0123456789',
      bankCode: '044',
      startDate: '2025-01-20',
      endDate: '2025-03-19',
      maxMonthlyDebitCount: '3',
    }
    const dollars = validateMandateForm(
      { ...form, maxMonthlyAmount: '$50', currency: 'USD' },
      '2025-01-15',
      null,
    )
    expect(dollars.ok && dollars.value.maxMonthlyAmount).toBe(5000)
    const wrong = validateMandateForm(
      { ...form, maxMonthlyAmount: '₦50', currency: 'USD' },
      '2025-01-15',
      null,
    )
    expect(wrong.ok).toBe(false)
  })
})
