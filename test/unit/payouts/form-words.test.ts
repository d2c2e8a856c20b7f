// Main's own checks of a payout's draft form, beside each field, reach a French screen in
// French: every field's sentence is keyed (fieldSay) beside main's English, as the contract's
// and the rules' refusals are. They came as English only, so a French form showed English
// under its fields.
import { describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { AppError, english } from '../../../main/kernel/errors'
import { draftFields } from '../../../main/payouts/draft-fields'
import { englishIn } from '../../support/english-words'

const deps = { bankName: () => undefined, recentBankName: () => null }

function refusal(amount: string): AppError {
  try {
    draftFields(deps, {
      purpose: 'supplier',
      bankCode: '999',
      accountNumber: '12',
      accountName: 'A',
      nameConfirmed: false,
      amount,
      narration: 'x'.repeat(101),
      recipientEmail: 'not-an-address',
    })
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('the form was taken')
}

describe('a payout draft form’s field checks', () => {
  it.each(['abc', '0'])('are keyed beside their English (amount %s)', (amount) => {
    const error = refusal(amount)
    const fields = Object.keys(error.fields ?? {})
    expect(fields.sort()).toEqual(
      ['accountName', 'accountNumber', 'amount', 'bankCode', 'narration', 'recipientEmail'].sort(),
    )
    for (const field of fields) {
      const said: Said | undefined = error.fieldSay?.[field]
      expect(said, field).toBeDefined()
      if (!said!.key.startsWith('money.')) expect(english(said!)).toBe(error.fields![field])
    }
  })

  it('say nothing in English on a French screen', () => {
    const error = refusal('0')
    expect(Object.keys(error.fieldSay ?? {})).toHaveLength(6)
    for (const [field, said] of Object.entries(error.fieldSay ?? {})) {
      if (said.key.startsWith('rule.')) continue // the rules' French: common/rules/words.ts
      const french = sayIn(ERROR_WORDS.fr, said, 'fr-CI')
      expect(french, field).toBeDefined()
      expect(englishIn(french!), field).toEqual([])
    }
  })
})
