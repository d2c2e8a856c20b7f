// Deterministic sandbox bank accounts: who "owns" an account number, which accounts exist,
// and which amounts and accounts fail. docs/sandbox.md lists these rules for testers.
import { fnv1a } from '../rng'

const FIRST = [
  'Adaeze',
  'Chinedu',
  'Oluwaseun',
  'Ngozi',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Aisha',
  'Babatunde',
  'Yetunde',
  'Uchenna',
  'Bolanle',
  'Kelechi',
  'Amaka',
  'Segun',
  'Halima',
  'Musa',
  'Zainab',
  'Obinna',
  'Folake',
  'Tochukwu',
  'Hauwa',
  'Kayode',
  'Ifeoma',
] as const
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Adebayo',
  'Chukwu',
  'Olawale',
  'Danjuma',
  'Ekwueme',
  'Afolabi',
  'Usman',
] as const

/** Account numbers that start with 0000 do not exist (resolve: 404; transfers fail). */
export const accountExists = (accountNumber: string): boolean => !accountNumber.startsWith('0000')

/** Account numbers that start with 0099 accept a transfer, then the bank returns it. */
export const accountReturnsTransfers = (accountNumber: string): boolean =>
  accountNumber.startsWith('0099')

/**
 * The holder's name, NIBSS-style "SURNAME FIRST MIDDLE" in capitals. It depends only on the
 * account number, so every sandbox (and every restart) answers the same.
 */
export function accountName(accountNumber: string): string {
  const h = fnv1a(accountNumber)
  const last = LAST[h % LAST.length] as string
  const first = FIRST[(h >>> 8) % FIRST.length] as string
  const middle = FIRST[(h >>> 16) % FIRST.length] as string
  return `${last} ${first} ${middle === first ? '' : middle}`.trim().toUpperCase()
}

/** Amounts whose minor units end in 13 (e.g. 500.13) fail: debits, refunds and transfers. */
export const failsByAmount = (amountMinor: number): boolean => amountMinor % 100 === 13
