// How a keyed sentence (`Said`, common/ipc/contract) reads in one language, outside i18next:
// main words its English (logs, tests, the fallback of a window that lacks a key) from the very
// table the screens read (errors.ts), so the English and the key can never say two things.
// The renderer says the same Said through i18next (renderer/i18n/errors.ts) with the same
// conventions: a value named `…At` is an ISO time, `…Day` a calendar day ("2025-02-19"), one
// named `…Amount` is money written "<minor units> <currency>" ("1250000 NGN"), a value that is
// itself a Said is said first, and `count` picks the `_one` / `_other` form.
import type { Said } from '../ipc/contract'
import { dateFormat, pluralRules } from '../intl'
import { formatMoney, type Minor } from '../money'

type Tree = { readonly [key: string]: string | Tree }

/** "1250000 NGN" → its minor units and currency; anything else → null. */
export function moneyParam(value: string): { amount: Minor; currency: string } | null {
  // At most 15 digits: exact as a number (money is integer minor units, never rounded).
  const m = /^(-?\d{1,15}) ([A-Z]{3})$/.exec(value)
  return m ? { amount: Number(m[1]) as Minor, currency: m[2]! } : null
}

/** Money as a Said's value: "1250000 NGN". */
export const moneyValue = (amount: number | bigint, currency: string): string =>
  `${String(amount)} ${currency}`

/** A calendar day as a Said's value: "2025-02-19" (a value named `…Day`). */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/**
 * `said` in the language of `words` (a catalogue's `errors` group), with `locale` for times
 * and money; undefined when a key (or a nested one) is not in the table.
 */
/** A moment (a parameter named …At): the day and the time. */
const AT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}
/** A day (a parameter named …Day, an ISO date). */
const DAY: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
}

export function sayIn(words: Tree, said: Said, locale: string): string | undefined {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(said.params ?? {})) {
    if (typeof value === 'object') {
      const inner = sayIn(words, value, locale)
      if (inner === undefined) return undefined
      values[name] = inner
    } else if (typeof value === 'string' && name.endsWith('At')) {
      const date = new Date(value)
      values[name] = Number.isNaN(date.getTime()) ? value : dateFormat(locale, AT).format(date)
    } else if (typeof value === 'string' && name.endsWith('Day') && ISO_DAY.test(value)) {
      values[name] = dateFormat(locale, DAY).format(new Date(`${value}T00:00:00Z`))
    } else if (typeof value === 'string' && name.endsWith('Amount')) {
      const money = moneyParam(value)
      values[name] = money ? formatMoney(money.amount, money.currency, locale) : value
    } else values[name] = value
  }
  const count = values.count
  const form =
    typeof count === 'number'
      ? (lookup(words, `${said.key}_${pluralRules(locale).select(count)}`) ??
        lookup(words, `${said.key}_other`))
      : undefined
  const template = form ?? lookup(words, said.key)
  if (template === undefined) return undefined
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
