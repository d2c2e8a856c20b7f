// The printouts and the CSV are made from the same report: every figure is in both, names are
// escaped (HTML) or defused (CSV: a spreadsheet must not run a cashier's "name" as a formula).
import { describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../../common/ipc/shifts'
import { reportCsv } from '../../../main/shifts/csv'
import { shiftFigures } from '../../../main/shifts/figures'
import { reportHtml } from '../../../main/shifts/html'
import { dateFormatsMadeBy } from '../../support/date-formats'
import { englishIn } from '../../support/english-words'
import { activity, at, charge, m, OPEN_MS, payout } from './fixtures'

const evil = { id: 'u_evil0001', name: '=HYPERLINK("http://x.example","click")' }

function sample(): ShiftReport {
  const { counted: _counted, ...figures } = shiftFigures(
    activity({
      charges: [
        charge({ id: 'ch_1', received: m(1_234_56), amountDue: m(1_234_56) }),
        charge({ id: 'ch_2', currency: 'USD', received: m(10_05), amountDue: m(10_05) }),
        charge({
          id: 'ch_3',
          state: 'open',
          status: 'part_paid',
          received: m(5_00),
          customer: 'Ngozi "Nk" Eze, <b>Ltd</b>',
          openedBy: evil,
        }),
      ],
      payouts: [payout({ reference: 'p_1', state: 'needs_review' })],
    }),
    { counted: new Set<string>(), legacyUntilMs: OPEN_MS },
  )
  return {
    kind: 'z',
    shift: {
      id: 'sh_sample01',
      state: 'closed',
      till: 'Front, "main" <till>',
      environment: 'live',
      openedBy: { id: 'u_bola0001', name: 'Bola' },
      openedAt: at(0),
      openingFloat: { amount: m(5_000_00), currency: 'NGN' },
      closedBy: { id: 'u_bola0001', name: 'Bola' },
      closedAt: at(60),
      zNumber: 7,
      endOfDayAt: at(600),
      pastEndOfDay: false,
    },
    zNumber: 7,
    generatedAt: at(60),
    from: at(0),
    to: at(60),
    ...figures,
    warnings: [],
  }
}

const parseCsv = (text: string): string[][] => {
  // Minimal RFC 4180 reader for the test: quoted cells, doubled quotes, CRLF rows.
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
  }
  return rows
}

describe('shift report CSV', () => {
  it('is RFC 4180 with CRLF rows, a BOM, and exact amounts per currency', () => {
    const csv = reportCsv(sample())
    expect(csv.startsWith('\uFEFFsection,cashier,line,count,currency,amount,')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    const rows = parseCsv(csv.slice(1))
    const width = rows[0]!.length
    expect(rows.every((r) => r.length === width)).toBe(true)
    const paid = rows.filter((r) => r[0] === 'collections' && r[1] === '' && r[2] === 'paid')
    expect(paid.map((r) => [r[3], r[4], r[5]])).toEqual([
      ['2', 'NGN', '1234.56'],
      ['2', 'USD', '10.05'],
    ])
    expect(rows.find((r) => r[2] === 'till')?.[8]).toBe('Front, "main" <till>')
    expect(rows.find((r) => r[0] === 'payouts' && r[2] === 'needs_review')?.[3]).toBe('1')
  })

  it('defuses cells a spreadsheet would run as a formula', () => {
    const rows = parseCsv(reportCsv(sample()).slice(1))
    const cells = rows.flat()
    expect(cells.some((c) => /^[=+\-@]/.test(c))).toBe(false)
    expect(cells).toContain(`'${evil.name}`)
  })
})

describe('shift report HTML', () => {
  it('prints on 80 mm paper or A4, from the page rule', () => {
    const options = {
      language: 'en' as const,
      integrityNote: null,
      seal: 'ab'.repeat(32),
      printedAt: at(61),
    }
    expect(reportHtml(sample(), '80mm', options)).toContain('@page{size:80mm 297mm')
    expect(reportHtml(sample(), 'A4', options)).toContain('@page{size:A4')
  })

  it('makes one date formatter for a page, however many times it prints (common/intl.ts)', () => {
    // Each formatter loads ICU's date data outside the V8 heap: one per time printed made
    // every evening's reports a native peak the process kept (docs/perf.md, till-soak).
    const made = dateFormatsMadeBy(() => {
      for (let i = 0; i < 50; i++)
        reportHtml(sample(), 'A4', {
          language: 'fr',
          integrityNote: null,
          seal: 'ab'.repeat(32),
          printedAt: at(61),
          timeZone: 'Pacific/Chatham',
        })
    })
    expect(made).toBeLessThanOrEqual(1)
  })

  it('escapes names, shows every currency on its own, the seal, and a failed check in words', () => {
    const html = reportHtml(sample(), 'A4', {
      language: 'en' as const,
      integrityNote: 'Z-report 7 was changed after it was closed.',
      seal: 'ab'.repeat(32),
      printedAt: at(61),
    })
    expect(html).not.toContain('<b>Ltd</b>')
    expect(html).toContain('&lt;b&gt;Ltd&lt;/b&gt;')
    expect(html).toContain('Front, &quot;main&quot; &lt;till&gt;')
    expect(html).toContain('₦1,234.56')
    expect(html).toContain('US$10.05')
    expect(html).toContain('ab'.repeat(32))
    expect(html).toContain('Z-report 7 was changed after it was closed.')
    expect(html).toContain('Carried over (2)')
    expect(html).toContain('Needs review')
    expect(html).toContain("default-src 'none'")
  })

  it('words its warnings in the till’s language, as the Shift screen does', () => {
    const warnings = [
      'Refunds could not be read or did not pass their check (bad seal); they are left out of this report.',
      'Z-report 6 is missing or unreadable: what it counted may be counted again.',
      'Something a newer till says.',
    ]
    const html = reportHtml({ ...sample(), warnings }, 'A4', {
      language: 'fr' as const,
      integrityNote: null,
      seal: null,
      printedAt: at(61),
    })
    const notes = [...html.matchAll(/<div class="note">(.*?)<\/div>/g)].map((m) => m[1]!)
    expect(notes).toHaveLength(3)
    expect(notes[0]).toContain('Les remboursements n’ont pas pu être lus')
    expect(notes[1]).toContain('Le rapport Z 6 est manquant ou illisible')
    expect(englishIn(notes.join(' '))).toEqual([])
  })
})
