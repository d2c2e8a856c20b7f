// The field rules of common/rules in the till's language: the same sentence main would give,
// in French on a French till. Screens use these for a rule's hint and its live check, never
// words of their own, so a hint cannot say what the check refuses.
import { ruleWords, type FieldHint, type FieldProblem } from '../../common/rules'
import { i18n, isLanguage } from '.'

export function sayRule(said: FieldProblem | FieldHint): string {
  return ruleWords(said, isLanguage(i18n.language) ? i18n.language : 'en')
}
