// A French till's Z-report, printed to PDF the way the preview prints it and read back with
// pdftotext as a person would read the paper: every word is French. It came out in English
// ("Opened … by", "Collections by transfer", "Carried over", "Payout of … to …") whatever the
// till's language.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../common/ipc/shifts'
import { shiftFigures } from '../../main/shifts/figures'
import { reportHtml, type PaperWidth } from '../../main/shifts/html'
import { chromiumPdf, findChromium } from '../../main/shifts/pdf'
import { englishIn } from '../support/english-words'
import {
  activity,
  at,
  bola,
  charge,
  chidi,
  hosted,
  m,
  OPEN_MS,
  payout,
  refund,
} from '../unit/shifts/fixtures'

/** A day with a line of every kind, and something of every kind carried over. */
function report(): ShiftReport {
  const { counted: _counted, ...figures } = shiftFigures(
    activity({
      charges: [
        charge({ id: 'ch_fr000001' }),
        charge({ id: 'ch_fr000002', status: 'part_paid', state: 'open', received: m(40_00) }),
        charge({ id: 'ch_fr000003', status: 'awaiting', state: 'open', received: m(0) }),
        charge({ id: 'ch_fr000004', status: 'overpaid', received: m(120_00), openedBy: chidi }),
        charge({ id: 'ch_fr000005', state: 'cancelled', status: 'awaiting', received: m(0) }),
      ],
      lateTransfers: [
        {
          reference: 'VAT_000901',
          amount: m(75_00),
          currency: 'NGN',
          status: 'success',
          firstSeenAt: at(50),
          acknowledged: false,
          cashier: bola,
        },
      ],
      hostedPayments: [
        hosted({ reference: 'HP_1' }),
        hosted({ reference: 'HP_2', status: 'pending' }),
      ],
      refunds: [refund({ reference: 'RF_1' }), refund({ reference: 'RF_2', status: 'pending' })],
      payouts: [
        payout({ reference: 'PO_1' }),
        payout({ reference: 'PO_2', state: 'awaiting_approval' }),
        payout({ reference: 'PO_3', state: 'needs_review' }),
      ],
    }),
    { counted: new Set<string>(), legacyUntilMs: OPEN_MS - 1 },
  )
  return {
    kind: 'z',
    shift: {
      id: 'sh_fr000001',
      state: 'closed',
      till: 'Caisse 1',
      environment: 'demo',
      openedBy: bola,
      openedAt: at(0),
      openingFloat: { amount: m(5_000_00), currency: 'NGN' },
      closedBy: bola,
      closedAt: at(480),
      zNumber: 7,
      endOfDayAt: at(840),
      pastEndOfDay: false,
    },
    zNumber: 7,
    generatedAt: at(480),
    from: at(0),
    to: at(480),
    ...figures,
    warnings: [],
  }
}

describe('a French till’s Z-report PDF', () => {
  const chromium = findChromium()

  it.each<PaperWidth>(['A4', '80mm'])(
    'on %s paper has no word of the English catalogue',
    { timeout: 60_000 },
    async (width) => {
      const html = reportHtml(report(), width, {
        language: 'fr',
        integrityNote: null,
        seal: 'ab'.repeat(32),
        printedAt: at(481),
      })
      const pdf = await chromiumPdf(chromium ?? '/usr/bin/chromium')(html, width)
      const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString('utf8')
      expect(text).toContain('Rapport Z 000007')
      expect(text).toContain('Versement de')
      // The payee and the people are names, not words of a language.
      const words = text.replace(/OKAFOR ADAEZE|Ada Obi|Bola|Chidi/g, ' ')
      expect(englishIn(words)).toEqual([])
    },
  )
})
