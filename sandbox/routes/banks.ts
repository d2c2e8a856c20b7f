// /banks and /banks/resolve. Resolve answers with the deterministic sandbox holder name;
// account numbers starting 0000 do not exist (404), an unknown bank code is a 422.
import type { Endpoints } from '../../common/api/endpoints'
import { ERROR_MESSAGES } from '../../common/api/errors'
import { accountExists, accountName } from '../data/accounts'
import { banksOf, findBank } from '../data/banks'
import { notFound, unprocessable } from '../errors'
import type { Handlers } from '../http/route'

export function bankHandlers(): Handlers<Pick<Endpoints, 'listBanks' | 'resolveBankAccount'>> {
  return {
    listBanks: ({ query }) => ({
      status: true,
      data: banksOf(query.country_code).map((b) => ({ ...b })),
    }),
    resolveBankAccount: ({ body }) => {
      const bank = findBank(body.bank, body.currency)
      if (!bank) throw unprocessable(`Unknown bank code ${body.bank} for ${body.currency}`)
      if (!accountExists(body.account)) throw notFound(ERROR_MESSAGES.accountNotFound)
      return {
        status: true,
        data: {
          bank_name: bank.name,
          bank_code: bank.code,
          account_number: body.account,
          account_name: accountName(body.account),
        },
      }
    },
  }
}
