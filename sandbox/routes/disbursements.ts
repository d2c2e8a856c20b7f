// /disbursements/* and GET /merchants/disbursements.
import type { Endpoints } from '../../common/api/endpoints'
import type { Handlers } from '../http/route'
import type { Disbursements } from '../state/disbursements'

type DisbursementEndpoints = Pick<
  Endpoints,
  'initializeDisbursement' | 'verifyDisbursement' | 'listDisbursements'
>

export function disbursementHandlers(
  disbursements: Disbursements,
): Handlers<DisbursementEndpoints> {
  return {
    initializeDisbursement: ({ body }) => disbursements.initialize(body),
    verifyDisbursement: ({ query }) => disbursements.verify(query.reference),
    listDisbursements: ({ query }) => disbursements.list(query),
  }
}
