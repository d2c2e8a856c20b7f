// Banks the sandbox knows, per country. Nigerian names and codes are the real CBN/NIBSS ones
// (3-digit for deposit money banks, longer for fintechs). Ghana uses its 6-digit sort codes;
// Kenya's 2-digit bank codes are zero-padded to three to fit the shared BankCode rule.
import type { Bank } from '../../common/api/banks'
import type { Currency } from '../../common/money'

export const BANKS: Readonly<Record<string, readonly Bank[]>> = {
  NG: [
    { name: 'Access Bank', code: '044' },
    { name: 'Citibank Nigeria', code: '023' },
    { name: 'Ecobank Nigeria', code: '050' },
    { name: 'Fidelity Bank', code: '070' },
    { name: 'First Bank of Nigeria', code: '011' },
    { name: 'First City Monument Bank', code: '214' },
    { name: 'Globus Bank', code: '103' },
    { name: 'Guaranty Trust Bank', code: '058' },
    { name: 'Heritage Bank', code: '030' },
    { name: 'Jaiz Bank', code: '301' },
    { name: 'Keystone Bank', code: '082' },
    { name: 'Kuda Microfinance Bank', code: '50211' },
    { name: 'Moniepoint Microfinance Bank', code: '50515' },
    { name: 'OPay Digital Services (OPay)', code: '999992' },
    { name: 'PalmPay', code: '999991' },
    { name: 'Polaris Bank', code: '076' },
    { name: 'Providus Bank', code: '101' },
    { name: 'Stanbic IBTC Bank', code: '221' },
    { name: 'Standard Chartered Bank', code: '068' },
    { name: 'Sterling Bank', code: '232' },
    { name: 'Titan Trust Bank', code: '102' },
    { name: 'Union Bank of Nigeria', code: '032' },
    { name: 'United Bank for Africa', code: '033' },
    { name: 'Unity Bank', code: '215' },
    { name: 'Wema Bank', code: '035' },
    { name: 'Zenith Bank', code: '057' },
  ],
  GH: [
    { name: 'Absa Bank Ghana', code: '030100' },
    { name: 'Access Bank Ghana', code: '280100' },
    { name: 'CalBank', code: '140100' },
    { name: 'Ecobank Ghana', code: '130100' },
    { name: 'Fidelity Bank Ghana', code: '240100' },
    { name: 'GCB Bank', code: '040100' },
    { name: 'Stanbic Bank Ghana', code: '190100' },
    { name: 'Zenith Bank Ghana', code: '120100' },
  ],
  KE: [
    { name: 'KCB Bank Kenya', code: '001' },
    { name: 'Standard Chartered Bank Kenya', code: '002' },
    { name: 'Absa Bank Kenya', code: '003' },
    { name: 'NCBA Bank Kenya', code: '007' },
    { name: 'Co-operative Bank of Kenya', code: '011' },
    { name: 'Stanbic Bank Kenya', code: '031' },
    { name: 'I&M Bank', code: '057' },
    { name: 'Diamond Trust Bank', code: '063' },
    { name: 'Equity Bank Kenya', code: '068' },
    { name: 'Family Bank', code: '070' },
  ],
}

/**
 * Codes repeat across countries (011 is First Bank in Nigeria and Co-op Bank in Kenya), so a
 * code is looked up in the country of the request's currency: GHS -> GH, KES -> KE, every
 * other currency -> NG (Nigerian banks hold USD, GBP, EUR domiciliary accounts).
 */
export const countryOfCurrency = (currency: Currency): string =>
  currency === 'GHS' ? 'GH' : currency === 'KES' ? 'KE' : 'NG'

export const banksOf = (country: string): readonly Bank[] => BANKS[country] ?? []

export function findBank(code: string, currency: Currency): Bank | undefined {
  return banksOf(countryOfCurrency(currency)).find((b) => b.code === code)
}

/** Where the sandbox reserves virtual accounts (real Nigerian virtual-account partners). */
export const VIRTUAL_ACCOUNT_BANKS: readonly Bank[] = [
  { name: 'Wema Bank', code: '035' },
  { name: 'Providus Bank', code: '101' },
]
