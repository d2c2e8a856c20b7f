import * as z from 'zod'
import { AccountNumber, BankCode, CountryCode, Currency } from './primitives'
import { dataEnvelope } from './pagination'

export const Bank = z.object({ name: z.string(), code: z.string() })
export type Bank = z.output<typeof Bank>

export const BanksQuery = z.object({ country_code: CountryCode.default('NG') })
export const BanksResponse = dataEnvelope(z.array(Bank))

export const ResolveRequest = z.object({
  bank: BankCode,
  account: AccountNumber,
  currency: Currency,
})
export type ResolveRequest = z.output<typeof ResolveRequest>
export const ResolvedAccount = z.object({
  bank_name: z.string(),
  bank_code: z.string(),
  account_number: z.string(),
  account_name: z.string(),
})
export type ResolvedAccount = z.output<typeof ResolvedAccount>
export const ResolveResponse = dataEnvelope(ResolvedAccount)
