// Mandate state machine (spec + docs/gateway-assumptions.md):
//   pending_activation --initiate--> pending_activation (challenge sent; may repeat)
//   pending_activation --validate (after initiate)--> active   [mandate_activated]
//   pending_activation | active --cancel--> cancelled          (never reactivated)
//   pending_activation | active --after end_date--> expired
import type {
  ActivationCredentials,
  CreateMandateRequest,
  FullMandate as Mandate,
  FullMandateActionResponse as MandateActionResponse,
} from '../../common/api/directDebits'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { findBank } from '../data/banks'
import {
  SandboxError,
  duplicateReference,
  invalidState,
  notFound,
  unprocessable,
  validationFailed,
} from '../errors'
import type { Persistable, StateContext } from './context'

/** The one activation OTP the sandbox rejects, so trainees can see a failed activation. */
export const REJECTED_OTP = '000000'

export class Mandates implements Persistable {
  private readonly byRef = new Map<string, Mandate>()

  constructor(private readonly ctx: StateContext) {}

  create(req: CreateMandateRequest): Mandate {
    if (this.byRef.has(req.mandate_reference)) throw duplicateReference()
    if (!findBank(req.bank_code, req.currency))
      throw unprocessable(`Unknown bank code ${req.bank_code} for ${req.currency}`)
    const mandate: Mandate = {
      mandate_reference: req.mandate_reference,
      status: 'pending_activation',
      customer_name: req.customer_name,
      customer_email: req.customer_email,
      account_number: req.account_number,
      bank_code: req.bank_code,
      start_date: req.start_date,
      end_date: req.end_date,
      max_monthly_amount: req.max_monthly_amount,
      max_monthly_debit_count: req.max_monthly_debit_count,
      currency: req.currency,
      metadata: req.metadata ?? {},
      activation_initiated: false,
      created_at: this.ctx.clock.iso(),
      activated_at: null,
      cancelled_at: null,
    }
    this.byRef.set(mandate.mandate_reference, mandate)
    this.ctx.changed()
    return this.view(mandate)
  }

  get(reference: string): Mandate {
    return this.view(this.current(reference))
  }

  initiateActivation(reference: string): MandateActionResponse {
    const m = this.current(reference)
    if (m.status !== 'pending_activation') throw invalidState(`Mandate is ${m.status}`)
    m.activation_initiated = true
    this.ctx.changed()
    return this.action(m, "Activation challenge sent to the customer's bank")
  }

  validateActivation(reference: string, credentials: ActivationCredentials): MandateActionResponse {
    if (credentials.mandate_reference !== reference)
      throw validationFailed([
        { field: 'mandate_reference', message: 'mandate_reference must match the path.' },
      ])
    const m = this.current(reference)
    if (m.status !== 'pending_activation') throw invalidState(`Mandate is ${m.status}`)
    if (!m.activation_initiated)
      throw new SandboxError(409, 'activation_not_initiated', ERROR_MESSAGES.activationNotInitiated)
    if (credentials.value1 === REJECTED_OTP)
      throw validationFailed(
        [{ field: 'value1', message: 'The activation credentials were rejected.' }],
        'Invalid activation credentials',
      )
    m.status = 'active'
    m.activated_at = this.ctx.clock.iso()
    this.ctx.changed()
    this.ctx.emit('mandate_activated', {
      mandate_reference: m.mandate_reference,
      status: m.status,
      customer_email: m.customer_email,
    })
    return this.action(m, 'Mandate activated')
  }

  cancel(reference: string): MandateActionResponse {
    const m = this.current(reference)
    if (m.status !== 'pending_activation' && m.status !== 'active')
      throw invalidState(`Mandate is ${m.status} and cannot be cancelled`)
    m.status = 'cancelled'
    m.cancelled_at = this.ctx.clock.iso()
    this.ctx.changed()
    return this.action(m, 'Mandate cancelled')
  }

  /** The mandate as it stands now (expiry applied); for debits. */
  current(reference: string): Mandate {
    const m = this.byRef.get(reference)
    if (!m) throw notFound()
    // A mandate authorizes debits through its end_date (inclusive) and no further.
    if (
      (m.status === 'pending_activation' || m.status === 'active') &&
      this.ctx.clock.today() > m.end_date
    ) {
      m.status = 'expired'
      this.ctx.changed()
    }
    return m
  }

  private action(m: Mandate, message: string): MandateActionResponse {
    return { mandate_reference: m.mandate_reference, status: m.status, message }
  }

  private view(m: Mandate): Mandate {
    return { ...m, metadata: { ...m.metadata } }
  }

  snapshot(): unknown {
    return [...this.byRef.values()]
  }

  restore(data: unknown): void {
    this.byRef.clear()
    for (const m of (data as Mandate[] | undefined) ?? [])
      this.byRef.set(m.mandate_reference, { ...m })
  }
}
