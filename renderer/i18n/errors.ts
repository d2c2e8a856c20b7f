// Main's errors in the screen's language. Main sends a code, its English sentence and, for
// every message it words, the key of the same sentence in the catalogue (`errors.<key>`) with
// its values; the renderer says that in the till's language. A value named `…At` is an ISO
// time and is shown the app's one way (formatWhen), one named `…Day` a calendar day
// ("2025-02-19"), one named `…Amount` is money ("1250000 NGN"); a value that is itself a Said
// is said first (common/words/said.ts). A key this window does not know (a newer main) falls
// back to main's English, never to a blank.
import type { Said, WireError } from '../../common/ipc/contract'
import type { FieldProblem } from '../../common/rules'
import { offlineSaid } from '../../common/words/offline'
import { ISO_DAY, moneyParam } from '../../common/words/said'
import { formatDate, formatMoney, formatWhen } from '../lib/format'
import { i18n } from '.'
import { sayRule } from './rules'

/** The Said in the screen's language, or undefined when this catalogue lacks a key of it. */
function sayKnown(said: Said): string | undefined {
  // A field rule's refusal: the same words as the screen's own check (common/rules).
  if (said.key.startsWith('rule.'))
    return sayRule({ key: said.key.slice(5), ...said.params } as FieldProblem)
  // An amount common/money refused: English keeps main's sentence (it quotes what was typed and
  // builds the example from it), other languages say the same refusal by its code (money.ts).
  if (said.key.startsWith('money.')) {
    if (i18n.language === 'en' || !i18n.exists(said.key)) return undefined
    return String(i18n.t(said.key as never, { text: said.params?.text ?? '' } as never))
  }
  // A document word (doc.…, merged at the catalogue's root) or an error's sentence.
  const key = said.key.startsWith('doc.') ? said.key : `errors.${said.key}`
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(said.params ?? {})) {
    if (typeof value === 'object') {
      const inner = sayKnown(value)
      if (inner === undefined) return undefined
      values[name] = inner
    } else if (typeof value === 'string' && name.endsWith('At')) values[name] = formatWhen(value)
    // A calendar day, read at local noon so no time zone moves it to another day.
    else if (typeof value === 'string' && name.endsWith('Day') && ISO_DAY.test(value))
      values[name] = formatDate(`${value}T12:00:00`)
    else if (typeof value === 'string' && name.endsWith('Amount')) {
      const money = moneyParam(value)
      values[name] = money ? formatMoney(money.amount, money.currency) : value
    } else values[name] = value
  }
  // With the values: a plural key exists only as key_one, key_other.
  if (!i18n.exists(key, values)) return undefined
  return String(i18n.t(key as never, values as never))
}

export function saySaid(said: Said | undefined, english: string): string {
  return (said && sayKnown(said)) ?? english
}

/** Why the till is offline or not ready: main's English, named by key again (offline.ts). */
export const sayOffline = (reason: string): string => saySaid(offlineSaid(reason), reason)

/** The error's sentence, and its fields' sentences, in the screen's language. */
export function sayWire(error: WireError): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = { ...error.fields }
  for (const [field, said] of Object.entries(error.fieldSay ?? {}))
    fields[field] = saySaid(said, fields[field] ?? '')
  return { message: saySaid(error.say, error.message), fields }
}
