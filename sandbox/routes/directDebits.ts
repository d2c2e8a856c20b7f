// /direct-debits/*: mandates, their activation, debits, and paying out collected funds.
import type { Endpoints } from '../../common/api/endpoints'
import type { Handlers } from '../http/route'
import type { Debits } from '../state/debits'
import type { Disbursements } from '../state/disbursements'
import type { Mandates } from '../state/mandates'

type DirectDebitEndpoints = Pick<
  Endpoints,
  | 'createMandate'
  | 'initiateMandateActivation'
  | 'validateMandateActivation'
  | 'getMandate'
  | 'cancelMandate'
  | 'debit'
  | 'debitStatus'
  | 'directDebitDisburse'
>

export function directDebitHandlers(
  mandates: Mandates,
  debits: Debits,
  disbursements: Disbursements,
): Handlers<DirectDebitEndpoints> {
  return {
    createMandate: ({ body }) => {
      const mandate = mandates.create(body)
      return { mandate_reference: mandate.mandate_reference, status: mandate.status }
    },
    initiateMandateActivation: ({ params }) =>
      mandates.initiateActivation(params.mandate_reference),
    validateMandateActivation: ({ params, body }) =>
      mandates.validateActivation(params.mandate_reference, body),
    getMandate: ({ params }) => mandates.get(params.mandate_reference),
    cancelMandate: ({ params }) => mandates.cancel(params.mandate_reference),
    debit: ({ body }) => debits.debit(body),
    debitStatus: ({ params }) => debits.status(params.payment_reference),
    directDebitDisburse: ({ body }) => disbursements.create(body, 'direct_debit'),
  }
}
