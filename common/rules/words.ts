// The words for every rule of fields.ts, in every language the till speaks. Main's refusals and
// the renderer's hints and live checks both read them here, so the English a refusal carries
// and the French a screen shows say the same rule with the same numbers. Plurals are not
// needed: every count here is a rule's number of digits (4 or more) or what was typed, said
// after "this one has", which takes no noun.
import type { Language } from '../ipc/appearance'
import type { UserRole } from '../ipc/contract'
import type { FieldHint, FieldProblem } from './fields'

type Key = FieldProblem['key'] | FieldHint['key']
type Words = Record<Key, string>

/** Whose PIN, inside "{whose} PIN needs…": each language's article and role word. */
const WHOSE: Record<Language, Record<UserRole, string>> = {
  en: { cashier: 'A cashier’s', supervisor: 'A supervisor’s', admin: 'An admin’s' },
  fr: { cashier: 'd’un caissier', supervisor: 'd’un superviseur', admin: 'd’un administrateur' },
}

const WORDS: Record<Language, Words> = {
  en: {
    'pin.hint': '{min} to {max} digits.',
    'pin.empty': 'Enter a PIN.',
    'pin.digitsOnly': 'A PIN has digits only.',
    'pin.tooLong': 'A PIN has at most {max} digits.',
    'pin.tooShort': '{whose} PIN needs at least {min} digits.',
    'amount.empty': 'Enter the amount.',
    'amount.notAboveZero': 'Enter an amount more than zero.',
    'accountNumber.hint': '{digits} digits.',
    'accountNumber.empty': 'Enter the {digits}-digit account number.',
    'accountNumber.digits': 'An account number is {digits} digits; this one has {typed}.',
    'bvn.hint': 'The customer’s {digits}-digit Bank Verification Number, from their bank app.',
    'bvn.empty': 'Enter the customer’s {digits}-digit BVN.',
    'bvn.digitsOnly': 'A BVN has digits only.',
    'bvn.digits': 'A BVN is {digits} digits; this one has {typed}. Check it with the customer.',
  },
  fr: {
    'pin.hint': '{min} à {max} chiffres.',
    'pin.empty': 'Saisissez un code PIN.',
    'pin.digitsOnly': 'Un code PIN n’a que des chiffres.',
    'pin.tooLong': 'Un code PIN a au plus {max} chiffres.',
    'pin.tooShort': 'Le code PIN {whose} doit avoir au moins {min} chiffres.',
    'amount.empty': 'Saisissez le montant.',
    'amount.notAboveZero': 'Saisissez un montant supérieur à zéro.',
    'accountNumber.hint': '{digits} chiffres.',
    'accountNumber.empty': 'Saisissez le numéro de compte à {digits} chiffres.',
    'accountNumber.digits': 'Un numéro de compte a {digits} chiffres ; celui-ci en a {typed}.',
    'bvn.hint':
      'Le numéro de vérification bancaire (BVN) à {digits} chiffres du client, dans l’application de sa banque.',
    'bvn.empty': 'Saisissez le BVN à {digits} chiffres du client.',
    'bvn.digitsOnly': 'Un BVN n’a que des chiffres.',
    'bvn.digits': 'Un BVN a {digits} chiffres ; celui-ci en a {typed}. Vérifiez-le avec le client.',
  },
}

/** The sentence for a rule's problem or hint in `language` ('en' when not given). */
export function ruleWords(said: FieldProblem | FieldHint, language: Language = 'en'): string {
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(said)) {
    if (name !== 'key') values[name] = String(value)
  }
  if ('role' in said) values.whose = WHOSE[language][said.role]
  return WORDS[language][said.key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? values[name]! : whole,
  )
}

/** A problem's numbers and role, to send with its key (a refusal main sends the renderer). */
export function ruleParams(said: FieldProblem | FieldHint): Record<string, string | number> {
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(said)) if (name !== 'key') params[name] = value
  return params
}
