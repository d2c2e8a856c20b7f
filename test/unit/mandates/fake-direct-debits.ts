// An in-memory direct-debit gateway following docs/gateway-assumptions.md: activation must be
// initiated before it is validated, "000000" is a wrong OTP, debits need an active mandate,
// the mandate's e-mail, a fresh reference and room in the month's limits.
import type {
  ActivationCredentials,
  CreateMandateRequest,
  DebitRecord,
  DebitRequest,
  DebitStatus,
  FullMandate as Mandate,
} from '../../../common/api/directDebits'
import type { Minor } from '../../../common/money'
import type { GatewayError } from '../../../main/gateway/errors'
import type { DebitsGateway } from '../../../main/mandates/debits-service'
import type { MandatesGateway } from '../../../main/mandates/mandates-service'
import { gwError } from '../payments/support'

export class FakeDirectDebits implements MandatesGateway, DebitsGateway {
  readonly mandatesById = new Map<string, Mandate>()
  readonly debitsById = new Map<string, DebitRecord & { month: string }>()
  readonly calls: string[] = []
  /** Every credential body the gateway received (to prove the values went nowhere else). */
  readonly credentials: ActivationCredentials[] = []
  readonly #faults = new Map<string, Array<{ error: GatewayError; when: 'before' | 'after' }>>()
  month = '2025-01'

  fail(call: string, error: GatewayError, when: 'before' | 'after' = 'before'): void {
    const list = this.#faults.get(call) ?? []
    list.push({ error, when })
    this.#faults.set(call, list)
  }

  #fault(call: string, when: 'before' | 'after'): void {
    this.calls.push(when === 'before' ? call : `${call}:done`)
    const list = this.#faults.get(call)
    const next = list?.[0]
    if (next && next.when === when) {
      list.shift()
      throw next.error
    }
  }

  settleDebit(reference: string, status: DebitStatus, failure_reason: string | null = null): void {
    const debit = this.debitsById.get(reference)
    if (!debit) throw new Error(`no debit ${reference}`)
    this.debitsById.set(reference, {
      ...debit,
      status,
      failure_reason,
      completed_at: '2025-01-15T10:10:00.000Z',
    })
  }

  readonly banks = {
    list: async () => ({
      status: true as const,
      data: [
        { name: 'Zenith Bank', code: '057' },
        { name: 'Access Bank', code: '044' },
        { name: 'Kuda Microfinance Bank', code: '50211' },
      ],
    }),
    resolve: async (body: { bank: string; account: string; currency: string }) => {
      if (body.account === '0000000000') throw gwError('not_found')
      return {
        status: true as const,
        data: {
          bank_name: 'Access Bank',
          bank_code: body.bank,
          account_number: body.account,
          account_name: 'BOLA ADE',
        },
      }
    },
  }

  readonly directDebits = {
    createMandate: async (body: CreateMandateRequest) => {
      this.#fault('createMandate', 'before')
      if (this.mandatesById.has(body.mandate_reference))
        throw gwError('conflict', { code: 'duplicate_reference' })
      this.mandatesById.set(body.mandate_reference, {
        ...body,
        metadata: body.metadata ?? {},
        status: 'pending_activation',
        activation_initiated: false,
        created_at: '2025-01-15T10:00:00.000Z',
        activated_at: null,
        cancelled_at: null,
      })
      this.#fault('createMandate', 'after')
      return { mandate_reference: body.mandate_reference, status: 'pending_activation' as const }
    },
    initiateActivation: async (ref: string) => {
      const mandate = this.#mandate(ref)
      if (mandate.status !== 'pending_activation')
        throw gwError('conflict', { code: 'invalid_state' })
      this.mandatesById.set(ref, { ...mandate, activation_initiated: true })
      return { mandate_reference: ref, status: mandate.status, message: 'OTP sent' }
    },
    validateActivation: async (body: ActivationCredentials) => {
      this.credentials.push(structuredClone(body))
      this.#fault('validateActivation', 'before')
      const mandate = this.#mandate(body.mandate_reference)
      if (!mandate.activation_initiated)
        throw gwError('conflict', {
          code: 'activation_not_initiated',
          message: 'Mandate activation needs to be initiated first',
        })
      if (body.value1 === '000000')
        throw gwError('validation', { code: 'validation_error', message: 'Validation failed' })
      this.mandatesById.set(body.mandate_reference, {
        ...mandate,
        status: 'active',
        activated_at: '2025-01-15T10:02:00.000Z',
      })
      this.#fault('validateActivation', 'after')
      return {
        mandate_reference: body.mandate_reference,
        status: 'active' as const,
        message: 'Activated',
      }
    },
    getMandate: async (ref: string) => structuredClone(this.#mandate(ref)),
    cancelMandate: async (ref: string) => {
      const mandate = this.#mandate(ref)
      if (mandate.status !== 'active' && mandate.status !== 'pending_activation')
        throw gwError('conflict', { code: 'invalid_state' })
      this.mandatesById.set(ref, {
        ...mandate,
        status: 'cancelled',
        cancelled_at: '2025-01-15T11:00:00.000Z',
      })
      return { mandate_reference: ref, status: 'cancelled' as const, message: 'Cancelled' }
    },
    debit: async (body: DebitRequest) => {
      this.#fault('debit', 'before')
      const mandate = this.#mandate(body.mandate_reference)
      if (this.debitsById.has(body.payment_reference))
        throw gwError('conflict', { code: 'duplicate_payment_reference' })
      if (mandate.status !== 'active') throw gwError('conflict', { code: 'mandate_not_active' })
      if (body.customer_email !== mandate.customer_email)
        throw gwError('unprocessable', { code: 'unprocessable' })
      // Spec: the count caps debit attempts (failed ones too); the amount is money debited.
      const attempts = [...this.debitsById.values()].filter(
        (d) => d.mandate_reference === mandate.mandate_reference && d.month === this.month,
      )
      const used = attempts.filter((d) => d.status !== 'failed').reduce((a, d) => a + d.amount, 0)
      if (
        attempts.length + 1 > mandate.max_monthly_debit_count ||
        used + body.debit_amount > mandate.max_monthly_amount
      )
        throw gwError('unprocessable', { code: 'limit_exceeded' })
      const record: DebitRecord & { month: string } = {
        status: 'pending',
        payment_reference: body.payment_reference,
        mandate_reference: body.mandate_reference,
        amount: body.debit_amount,
        narration: body.narration,
        currency: mandate.currency,
        failure_reason: null,
        created_at: '2025-01-15T10:05:00.000Z',
        completed_at: null,
        month: this.month,
      }
      this.debitsById.set(body.payment_reference, record)
      this.#fault('debit', 'after')
      const { month: _month, ...wire } = record
      return wire
    },
    status: async (ref: string) => {
      const debit = this.debitsById.get(ref)
      if (!debit) throw gwError('not_found', { method: 'GET' })
      const { month: _month, ...wire } = debit
      return structuredClone(wire)
    },
  }

  #mandate(ref: string): Mandate {
    const mandate = this.mandatesById.get(ref)
    if (!mandate) throw gwError('not_found', { method: 'GET' })
    return mandate
  }

  /** Adds an active mandate directly (as if made elsewhere). */
  addActive(ref: string, overrides: Partial<Mandate> = {}): void {
    this.mandatesById.set(ref, {
      mandate_reference: ref,
      status: 'active',
      customer_name: 'Bola Ade',
      customer_email: 'bola@example.com',
      account_number: '0123456789',
      bank_code: '044',
      start_date: '2025-01-15',
      end_date: '2025-12-31',
      max_monthly_amount: 50_000_00 as Minor,
      max_monthly_debit_count: 3,
      currency: 'NGN',
      metadata: {},
      activation_initiated: true,
      created_at: '2025-01-15T09:00:00.000Z',
      activated_at: '2025-01-15T09:05:00.000Z',
      cancelled_at: null,
      ...overrides,
    })
  }
}
