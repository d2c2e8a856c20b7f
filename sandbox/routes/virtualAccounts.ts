// /virtual-accounts* and GET /merchants/virtual-accounts/transactions.
import type { Endpoints } from '../../common/api/endpoints'
import type { Handlers } from '../http/route'
import type { VirtualAccounts } from '../state/virtualAccounts'

type VaEndpoints = Pick<
  Endpoints,
  | 'createVirtualAccount'
  | 'getVirtualAccount'
  | 'virtualAccountByEmail'
  | 'virtualAccountTransactions'
>

export function virtualAccountHandlers(accounts: VirtualAccounts): Handlers<VaEndpoints> {
  return {
    createVirtualAccount: ({ body }) => accounts.create(body),
    getVirtualAccount: ({ params }) => accounts.get(params.account_reference),
    virtualAccountByEmail: ({ body }) => accounts.byEmail(body.email),
    virtualAccountTransactions: ({ query }) => accounts.listTransactions(query),
  }
}
