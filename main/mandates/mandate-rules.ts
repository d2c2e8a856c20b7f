// The rules of a mandate that main checks before the gateway sees it, with a message beside
// each field, and the monthly usage the debit form shows. Pure functions: no clock of their
// own, no I/O.
import { daysBetween } from '../../common/api/directDebits'
import { Email } from '../../common/api/primitives'
import type { DebitStatus, MandateStatus } from '../../common/api/directDebits'
import type { Said } from '../../common/ipc/contract'
import type { MandateCreateInput, MandateView, MonthlyUsage } from '../../common/ipc/mandates'
import { MIN_MANDATE_DURATION_DAYS } from '../../common/ipc/mandates'
import {
  MoneyError,
  ZERO,
  compare,
  parseUserAmount,
  subtract,
  sum,
  type Currency,
  type Minor,
} from '../../common/money'
import { english } from '../kernel/errors'
import type { MandateEntry } from './mandate-entries'

export interface ValidMandateForm {
  customerName: string
  customerEmail: string
  accountNumber: string
  bankCode: string
  startDate: string
  endDate: string
  maxMonthlyAmount: Minor
  maxMonthlyDebitCount: number
  currency: Currency
}

export type FormResult<T> =
  | { ok: true; value: T }
  | { ok: false; fields: Record<string, string>; fieldSay: Record<string, Said> }

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
const isRealDay = (text: string): boolean => {
  if (!ISO_DAY.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** The till's calendar day (local time), as YYYY-MM-DD. */
export function localDay(nowMs: number): string {
  const d = new Date(nowMs)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

export const MAX_MONTHLY_DEBITS = 100

/** A mandate or debit form's sentence, keyed (common/words/errors.ts `mandates.form`). */
export const form = (key: string, params?: Said['params']): Said =>
  params ? { key: `mandates.form.${key}`, params } : { key: `mandates.form.${key}` }

/** A form's refusals: each field's sentence keyed (common/words/errors.ts), its English beside it. */
export function fieldRefusals() {
  const fields: Record<string, string> = {}
  const fieldSay: Record<string, Said> = {}
  const refuseField = (field: string, say: Said, message = english(say)) => {
    fields[field] = message
    fieldSay[field] = say
  }
  /** A typed amount; common/money's refusal is said by its code (renderer/i18n/errors.ts). */
  const amount = (field: string, text: string, currency: Currency, words: 'monthly' | 'debit') => {
    try {
      const value = parseUserAmount(text, currency)
      if (value <= 0) refuseField(field, form(`${words}Zero`))
      return value
    } catch (error) {
      if (!(error instanceof MoneyError)) refuseField(field, form(`${words}Missing`))
      else
        refuseField(
          field,
          { key: `money.${error.code}`, params: { text: text.trim() } },
          error.message,
        )
      return ZERO
    }
  }
  return { fields, fieldSay, refuseField, amount }
}

export function validateMandateForm(
  input: MandateCreateInput,
  today: string,
  knownBankCodes: ReadonlySet<string> | null,
): FormResult<ValidMandateForm> {
  const { fields, fieldSay, refuseField, amount } = fieldRefusals()
  const customerName = input.customerName.trim()
  if (customerName === '') refuseField('customerName', form('customerName'))

  const customerEmail = input.customerEmail.trim()
  if (customerEmail === '') refuseField('customerEmail', form('emailMissing'))
  else if (!Email.safeParse(customerEmail).success)
    refuseField('customerEmail', form('emailIncomplete'))

  const accountNumber = input.accountNumber.replace(/\s/g, '')
  if (!/^\d{10}$/.test(accountNumber))
    refuseField('accountNumber', { key: 'input.contract.theAccountNumberIs10Digits' })

  const bankCode = input.bankCode.trim()
  if (bankCode === '') refuseField('bankCode', form('bankMissing'))
  else if (
    !/^\d{3,6}$/.test(bankCode) ||
    (knownBankCodes !== null && !knownBankCodes.has(bankCode))
  )
    refuseField('bankCode', { key: 'input.contract.chooseTheBankFromTheList' })
  // The spec's mandate table: a "Three-digit bank code". Banks with longer codes can't hold one.
  else if (!/^\d{3}$/.test(bankCode)) refuseField('bankCode', form('bankThreeDigits'))

  const startDate = input.startDate.trim()
  const endDate = input.endDate.trim()
  if (!isRealDay(startDate)) refuseField('startDate', form('startMissing'))
  else if (startDate < today) refuseField('startDate', form('startPast'))
  if (!isRealDay(endDate)) refuseField('endDate', form('endMissing'))
  else if (isRealDay(startDate) && daysBetween(startDate, endDate) < MIN_MANDATE_DURATION_DAYS)
    refuseField(
      'endDate',
      form('tooShort', {
        days: MIN_MANDATE_DURATION_DAYS,
        endDay: addDays(startDate, MIN_MANDATE_DURATION_DAYS),
      }),
    )

  const maxMonthlyAmount = amount(
    'maxMonthlyAmount',
    input.maxMonthlyAmount,
    input.currency,
    'monthly',
  )

  const countText = input.maxMonthlyDebitCount.trim()
  const maxMonthlyDebitCount = /^\d+$/.test(countText) ? Number(countText) : Number.NaN
  if (!Number.isInteger(maxMonthlyDebitCount) || maxMonthlyDebitCount < 1)
    refuseField('maxMonthlyDebitCount', form('countMissing'))
  else if (maxMonthlyDebitCount > MAX_MONTHLY_DEBITS)
    refuseField('maxMonthlyDebitCount', form('countTooMany', { max: MAX_MONTHLY_DEBITS }))

  if (Object.keys(fields).length > 0) return { ok: false, fields, fieldSay }
  return {
    ok: true,
    value: {
      customerName,
      customerEmail,
      accountNumber,
      bankCode,
      startDate,
      endDate,
      maxMonthlyAmount,
      maxMonthlyDebitCount,
      currency: input.currency,
    },
  }
}

const dayFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
/** "2025-02-19" as "19 Feb 2025", for messages. */
export const readableDay = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`))

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** A debit as the usage count needs it. 'starting' counts: it may have gone through. */
export interface CountedDebit {
  mandateReference: string
  amount: Minor
  status: DebitStatus | 'starting' | 'not_sent' | 'not_paid' | 'unknown'
  createdAt: string
}

/** Calendar month (UTC, as the gateway counts it) of an instant: "2025-01". */
export const monthOf = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 7)

/**
 * This month's use of the mandate's limits, from the debits this till recorded (only the
 * mandate's own count). The spec caps debit *attempts* per calendar month, so a failed debit
 * uses one of the month's debits; it moved no money, so it does not use the amount. A debit
 * that never reached the gateway ('not_sent') is no attempt at all.
 */
export function monthlyUsage(
  mandate: Pick<MandateEntry, 'mandateReference' | 'maxMonthlyAmount' | 'maxMonthlyDebitCount'>,
  debits: readonly CountedDebit[],
  nowMs: number,
): MonthlyUsage {
  const month = monthOf(nowMs)
  const { maxMonthlyAmount: maxAmount, maxMonthlyDebitCount: maxCount } = mandate
  const attempts = debits.filter(
    (d) =>
      d.mandateReference === mandate.mandateReference &&
      d.createdAt.slice(0, 7) === month &&
      d.status !== 'not_sent',
  )
  // 'not_paid' (a supervisor's decision on an unknown outcome) was sent: an attempt, no money.
  const usedAmount = sum(
    attempts.filter((d) => d.status !== 'failed' && d.status !== 'not_paid').map((d) => d.amount),
  )
  const usedCount = attempts.length
  return {
    month,
    maxAmount,
    maxCount,
    usedAmount,
    usedCount,
    remainingAmount: compare(usedAmount, maxAmount) >= 0 ? ZERO : subtract(maxAmount, usedAmount),
    remainingCount: Math.max(0, maxCount - usedCount),
    // Integer maths on minor units; a share for the meter, never money.
    usedPercent: maxAmount > 0 ? Math.min(100, Math.floor((usedAmount * 100) / maxAmount)) : 0,
  }
}

/** What may be done with a mandate in its state. */
export function allowedActions(
  status: MandateStatus | 'unknown',
  activationInitiated: boolean,
): MandateView['can'] {
  return {
    initiateActivation: status === 'pending_activation',
    validateActivation: status === 'pending_activation' && activationInitiated,
    debit: status === 'active',
    cancel: status === 'pending_activation' || status === 'active',
  }
}
