// A payout form as a person filled it in, checked field by field into the details of a payout
// (each problem in words, on its field), and where the payee name came from: the bank's
// (resolved within the last minutes and confirmed by the cashier) or typed.
import type { Said } from '../../common/ipc/contract'
import { DOCUMENT_WORDS } from '../../common/words'
import { MoneyError, parseUserAmount, type Minor } from '../../common/money'
import { checkAmount } from '../../common/rules'
import { AppError, english, ruleRefusal } from '../kernel/errors'
import type { CommandDeps } from './command-basics'
import type { EditableFields, NameCheck, Purpose } from './model'
import { namesMatch } from './nameMatch'

export interface DraftInput {
  purpose: Purpose
  bankCode: string
  accountNumber: string
  /** The holder name: the bank's (after Resolve) or typed when the bank can't be asked. */
  accountName: string
  /** The cashier ticked "this is the person I mean to pay" for the bank's name. */
  nameConfirmed: boolean
  /** What the cashier typed, e.g. "₦12,500.50"; main parses it. */
  amount: string
  narration: string
  recipientEmail: string | null
}

export type EditInput = Partial<DraftInput>

const PURPOSE_NARRATION: Record<Purpose, string> = {
  supplier: 'Supplier payment',
  refund: 'Customer refund',
  cash_out: 'Cash-out',
}

/** Main's English for what a payout is for; the screens say it from the same words. */
export const PURPOSE_LABEL: Readonly<Record<Purpose, string>> = DOCUMENT_WORDS.en.payout.purposes

function parseAmount(text: string): Minor {
  let amount: Minor
  try {
    amount = parseUserAmount(text)
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error
    // common/money's refusal, said by its code in other languages (renderer/i18n/errors.ts).
    const say = { key: `money.${error.code}`, params: { text: text.trim() } }
    throw new AppError('invalid_amount', error.message, {
      fields: { amount: error.message },
      say,
      fieldSay: { amount: say },
    })
  }
  const problem = checkAmount(amount)
  if (problem) throw ruleRefusal('invalid_amount', 'amount', problem)
  return amount
}

/** Validates form input into the fields of an item, deciding where the name came from. */
export function draftFields(
  deps: Pick<CommandDeps, 'bankName' | 'recentBankName'>,
  input: DraftInput,
): EditableFields & { nameCheck: NameCheck | null } {
  // Each field's sentence keyed (common/words/errors.ts), its English beside it for the log.
  const errors: Record<string, string> = {}
  const fieldSay: Record<string, Said> = {}
  const refuseField = (field: string, say: Said) => {
    errors[field] = english(say)
    fieldSay[field] = say
  }
  if (!/^\d{10}$/.test(input.accountNumber))
    refuseField('accountNumber', { key: 'input.contract.enterThe10DigitAccountNumber' })
  const bankName = deps.bankName(input.bankCode)
  if (!bankName) refuseField('bankCode', { key: 'input.contract.pickABankFromTheList' })
  const typedName = input.accountName.trim().replace(/\s+/g, ' ')
  if (typedName.length < 2) refuseField('accountName', { key: 'input.form.accountName' })
  if (input.recipientEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.recipientEmail)) {
    refuseField('recipientEmail', { key: 'input.contract.enterAValidEMailAddress' })
  }
  if (input.narration.trim().length > 100)
    refuseField('narration', { key: 'input.contract.keepTheNarrationTo100Characters' })
  let amount: Minor | null = null
  try {
    amount = parseAmount(input.amount)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    errors.amount = error.message
    if (error.fieldSay?.amount) fieldSay.amount = error.fieldSay.amount
  }
  const first = Object.values(errors)[0]
  if (first !== undefined || amount === null || !bankName) {
    throw new AppError('invalid_input', first ?? 'Check the details.', {
      fields: errors,
      say: { key: 'input.checkFields' },
      fieldSay,
    })
  }
  const recent = deps.recentBankName(input.bankCode, input.accountNumber)
  let accountName = typedName
  let nameSource: 'bank' | 'typed' = 'typed'
  let nameCheck: NameCheck | null = null
  if (recent) {
    const match = namesMatch(typedName, recent.accountName)
    nameCheck = {
      status: match ? 'matched' : 'mismatch',
      bankName: recent.accountName,
      at: recent.at,
    }
    if (match && input.nameConfirmed) {
      accountName = recent.accountName
      nameSource = 'bank'
    }
  }
  return {
    purpose: input.purpose,
    amount,
    bankCode: input.bankCode,
    bankName,
    accountNumber: input.accountNumber,
    accountName,
    nameSource,
    nameCheck,
    narration: input.narration.trim() || PURPOSE_NARRATION[input.purpose],
    recipientEmail: input.recipientEmail?.trim() || null,
  }
}
