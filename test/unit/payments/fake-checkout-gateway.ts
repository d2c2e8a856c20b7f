// An in-memory stand-in for the gateway's payment endpoints, with faults a test can schedule:
// an error before the write happens, or after it (the answer is lost but the payment exists).
import type {
  InitializePaymentRequest,
  InitializePaymentResponse,
  FullPaymentRecord as PaymentRecord,
  PaymentStatus,
} from '../../../common/api/payments'
import type { Minor } from '../../../common/money'
import type { GatewayError } from '../../../main/gateway/errors'
import type { PaymentsGateway } from '../../../main/payments/payments-service'
import { gwError } from './support'

export const GATEWAY_URL = 'https://gateway.example'

type Fault = { error: GatewayError; when: 'before' | 'after' }

export class FakeCheckoutGateway implements PaymentsGateway {
  readonly records = new Map<string, PaymentRecord>()
  readonly initializeCalls: InitializePaymentRequest[] = []
  verifyCalls = 0
  readonly #initFaults: Fault[] = []
  readonly #verifyFaults: GatewayError[] = []
  /** Called inside initialize before anything happens (to observe the journal). */
  onInitialize: ((body: InitializePaymentRequest) => void) | null = null

  failInitialize(error: GatewayError, when: 'before' | 'after' = 'before'): void {
    this.#initFaults.push({ error, when })
  }

  failVerify(error: GatewayError): void {
    this.#verifyFaults.push(error)
  }

  settle(reference: string, status: PaymentStatus, extra: Partial<PaymentRecord> = {}): void {
    const record = this.records.get(reference)
    if (!record) throw new Error(`no payment ${reference}`)
    this.records.set(reference, {
      ...record,
      status,
      payment_method: status === 'success' ? 'card' : record.payment_method,
      paid_at: status === 'success' ? '2025-01-15T10:01:00.000Z' : null,
      ...extra,
    })
  }

  readonly payments = {
    initialize: async (body: InitializePaymentRequest): Promise<InitializePaymentResponse> => {
      this.initializeCalls.push(structuredClone(body))
      this.onInitialize?.(body)
      const fault = this.#initFaults.shift()
      if (fault?.when === 'before') throw fault.error
      const reference = body.reference ?? `PAY_GEN_${this.records.size + 1}`
      if (this.records.has(reference))
        throw gwError('conflict', {
          code: 'duplicate_reference',
          message: 'A record already exists for the given reference',
        })
      const authorization_url = `${GATEWAY_URL}/checkout/${reference}`
      this.records.set(reference, {
        reference,
        status: 'pending',
        email: body.email,
        amount: body.amount,
        currency: body.currency,
        amount_refunded: 0 as Minor,
        payment_method: null,
        customer_name: body.customer_name ?? null,
        metadata: body.metadata ?? {},
        authorization_url,
        callback_url: null,
        created_at: '2025-01-15T10:00:00.000Z',
        paid_at: null,
      })
      if (fault?.when === 'after') throw fault.error
      return { status: 'success', authorization_url, reference }
    },
    verify: async (reference: string): Promise<PaymentRecord> => {
      this.verifyCalls++
      const fault = this.#verifyFaults.shift()
      if (fault) throw fault
      const record = this.records.get(reference)
      if (!record) throw gwError('not_found', { method: 'GET', message: 'Resource not found' })
      return structuredClone(record)
    },
  }

  readonly completions: Array<{ reference: string; outcome: string }> = []
  readonly sandbox = {
    completePayment: async (
      reference: string,
      body: { outcome: 'success' | 'failed' | 'abandoned' },
    ) => {
      this.completions.push({ reference, outcome: body.outcome })
      this.settle(reference, body.outcome)
      return {
        status: true as const,
        data: structuredClone(this.records.get(reference) as PaymentRecord),
      }
    },
  }
}
