// An amount the cashier typed that common/money refused, in the till's language. English keeps
// common/money's own sentence (it quotes what was typed and builds the example from it); other
// languages get the catalogue's words for the same refusal, by its code.
import { MoneyError } from '../../common/money'
import { i18n, t } from '.'

export function amountProblem(problem: unknown, typed: string): string | null {
  if (!(problem instanceof MoneyError)) return null
  if (i18n.language === 'en') return problem.message
  return t(`money.${problem.code}`, { text: typed.trim() })
}
