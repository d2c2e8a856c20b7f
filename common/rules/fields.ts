// The rules for the fields people type that main also refuses: a PIN's length by role, an
// amount, a bank account number, a BVN. Each rule is written once here: the renderer's hint and
// live check, main's refusal and the words in every language (words.ts) all read it, so a hint
// can never allow what the rule refuses. A check answers with a problem (a key and the numbers
// its sentence needs), never with text: the words belong to the language of the screen.
import { USER_ROLES, type UserRole } from '../ipc/contract'

/** Digits a PIN may have: what a cashier types fast on a keypad. */
export const PIN_MAX_DIGITS = 8
/**
 * Fewest digits per role. A supervisor's or admin's PIN is what approves money and changes
 * staff, so it gets a million combinations, not ten thousand (the lockout still caps guesses).
 */
export const PIN_MIN_DIGITS: Readonly<Record<UserRole, number>> = {
  cashier: 4,
  supervisor: 6,
  admin: 6,
}
/** The shortest PIN any role may have: what sign-in and the wire accept. */
export const PIN_FEWEST_DIGITS = Math.min(...USER_ROLES.map((role) => PIN_MIN_DIGITS[role]))
/** A Nigerian bank account number (NUBAN). */
export const ACCOUNT_NUMBER_DIGITS = 10
/** A Bank Verification Number. */
export const BVN_DIGITS = 11

/** Why a value breaks its field's rule: the words' key and what the sentence needs. */
export type FieldProblem =
  | { key: 'pin.empty' }
  | { key: 'pin.digitsOnly' }
  | { key: 'pin.tooLong'; max: number }
  | { key: 'pin.tooShort'; role: UserRole; min: number }
  | { key: 'amount.empty' }
  | { key: 'amount.notAboveZero' }
  | { key: 'accountNumber.empty'; digits: number }
  | { key: 'accountNumber.digits'; digits: number; typed: number }
  | { key: 'bvn.empty'; digits: number }
  | { key: 'bvn.digitsOnly' }
  | { key: 'bvn.digits'; digits: number; typed: number }

/** The hint beside a field: the same numbers its check uses. */
export type FieldHint =
  | { key: 'pin.hint'; min: number; max: number }
  | { key: 'accountNumber.hint'; digits: number }
  | { key: 'bvn.hint'; digits: number }

export function pinHint(role: UserRole): FieldHint {
  return { key: 'pin.hint', min: PIN_MIN_DIGITS[role], max: PIN_MAX_DIGITS }
}

/** A new PIN for someone of `role`: digits only, as long as the role needs, at most 8. */
export function checkPin(role: UserRole, pin: string): FieldProblem | null {
  if (pin === '') return { key: 'pin.empty' }
  if (!/^\d+$/.test(pin)) return { key: 'pin.digitsOnly' }
  if (pin.length > PIN_MAX_DIGITS) return { key: 'pin.tooLong', max: PIN_MAX_DIGITS }
  if (pin.length < PIN_MIN_DIGITS[role])
    return { key: 'pin.tooShort', role, min: PIN_MIN_DIGITS[role] }
  return null
}

/** An amount already read into minor units (null: nothing typed). */
export function checkAmount(amount: bigint | number | null): FieldProblem | null {
  if (amount === null) return { key: 'amount.empty' }
  if (amount <= 0) return { key: 'amount.notAboveZero' }
  return null
}

export const accountNumberHint = (): FieldHint => ({
  key: 'accountNumber.hint',
  digits: ACCOUNT_NUMBER_DIGITS,
})

export function checkAccountNumber(text: string): FieldProblem | null {
  const typed = text.replace(/\s/g, '')
  if (typed === '') return { key: 'accountNumber.empty', digits: ACCOUNT_NUMBER_DIGITS }
  if (!/^\d+$/.test(typed) || typed.length !== ACCOUNT_NUMBER_DIGITS)
    return { key: 'accountNumber.digits', digits: ACCOUNT_NUMBER_DIGITS, typed: typed.length }
  return null
}

export const bvnHint = (): FieldHint => ({ key: 'bvn.hint', digits: BVN_DIGITS })

/** People type BVNs in groups: spaces and dashes are not part of it. */
export const cleanBvn = (text: string): string => text.replace(/[\s-]/g, '')

export function checkBvn(text: string): FieldProblem | null {
  const bvn = cleanBvn(text)
  if (bvn === '') return { key: 'bvn.empty', digits: BVN_DIGITS }
  if (!/^\d+$/.test(bvn)) return { key: 'bvn.digitsOnly' }
  if (bvn.length !== BVN_DIGITS) return { key: 'bvn.digits', digits: BVN_DIGITS, typed: bvn.length }
  return null
}
