// The Z-report on real paper, as receipts are checked (receipt-layout.test.ts): each layout
// (80 mm roll, A4) is rendered in Chromium at the width its paper leaves for print, checked
// for anything wider than its box, printed to PDF by the report's own `@page` rule, and every
// page rendered to PNG with pdftoppm (poppler-utils) for people to look at (.tmp/z-reports/).
// The worst case is used: long till, cashier, customer and payee names, the largest amounts,
// several currencies, every section filled, a warning and an integrity note.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../common/ipc/shifts'
import { shiftFigures } from '../../main/shifts/figures'
import { reportHtml, type PaperWidth } from '../../main/shifts/html'
import { activity, at, charge, hosted, m, OPEN_MS, payout, refund } from '../unit/shifts/fixtures'

const OUT = join(process.cwd(), '.tmp', 'z-reports')
const DPI = 150
const pxPerMm = 96 / 25.4
/** The paper's width and what its `@page` margins leave for print (main/shifts/html.ts). */
const PAPER: Record<PaperWidth, { widthMm: number; printMm: number }> = {
  '80mm': { widthMm: 80, printMm: 74 },
  A4: { widthMm: 210, printMm: 180 },
}

const LONG_CASHIER = {
  id: 'u_longname1',
  name: 'Chidimma Oluwaseunfunmilayo Nwachukwu-Okonkwo-Adebayo',
}
const CUSTOMER = 'Oluwaseunfunmilayo Chukwuemeka Adebayo-Williams Enterprises Limited'
const BIG = m(99_999_999_999)
/** With the rest of the day, the till's total is about ₦9,000,000,000: 18 characters. */
const HUGE = m(799_999_999_900)

function worstCase(): ShiftReport {
  const charges = [
    charge({ id: 'ch_z000001', received: HUGE, amountDue: HUGE, customer: CUSTOMER }),
    charge({ id: 'ch_z000002', openedBy: LONG_CASHIER, customer: CUSTOMER }),
    charge({ id: 'ch_z000003', status: 'overpaid', received: m(150_00), openedBy: LONG_CASHIER }),
    charge({
      id: 'ch_z000004',
      state: 'open',
      status: 'part_paid',
      received: m(40_00),
      customer: CUSTOMER,
      openedBy: LONG_CASHIER,
    }),
    charge({
      id: 'ch_z000005',
      state: 'open',
      status: 'awaiting',
      received: m(0),
      customer: 'Ngozi Eze',
    }),
    charge({ id: 'ch_z000006', currency: 'USD', received: m(10_05), amountDue: m(10_05) }),
    charge({ id: 'ch_z000007', state: 'cancelled', status: 'awaiting', received: m(0) }),
  ]
  const { counted: _counted, ...figures } = shiftFigures(
    activity({
      charges,
      lateTransfers: [
        {
          reference: 'VAT_20260302_ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789',
          amount: BIG,
          currency: 'NGN',
          status: 'success',
          firstSeenAt: at(200),
          acknowledged: false,
          cashier: LONG_CASHIER,
        },
      ],
      hostedPayments: [
        hosted({ reference: 'PAY_20260302_LONGREFERENCE_0001', amount: BIG }),
        hosted({ reference: 'PAY_2', status: 'failed' }),
      ],
      refunds: [refund({ reference: 'RF_1', amount: BIG, issuedBy: LONG_CASHIER.name })],
      payouts: ['drafted', 'approved', 'success', 'failed', 'needs_review', 'reversed'].map(
        (state, i) =>
          payout({
            reference: `PO_20260302_${String(i).padStart(4, '0')}`,
            state,
            amount: BIG,
            maker: i % 2 ? LONG_CASHIER : { id: 'u_bola0001', name: 'Bola' },
            payee: 'First City Monument Bank Limited (Virtual Accounts Division) Supplier',
          }),
      ),
      payoutEvents: ['drafted', 'approved', 'success'].map((to, i) => ({
        reference: 'PO_20260302_0002',
        at: at(40 + i),
        to,
      })),
    }),
    { counted: new Set<string>(), legacyUntilMs: OPEN_MS - 1 },
  )
  return {
    kind: 'z',
    shift: {
      id: 'sh_layout0001',
      state: 'closed',
      till: 'Front counter, Lekki Phase 1 branch (by the main entrance)',
      environment: 'live',
      openedBy: LONG_CASHIER,
      openedAt: at(0),
      openingFloat: { amount: BIG, currency: 'NGN' },
      closedBy: LONG_CASHIER,
      closedAt: at(480),
      zNumber: 1234,
      endOfDayAt: at(840),
      pastEndOfDay: false,
    },
    zNumber: 1234,
    generatedAt: at(480),
    from: at(0),
    to: at(480),
    ...figures,
    warnings: [
      'Refunds could not be read or did not pass their check (a record whose seal does not match); they are left out of this report.',
    ],
  }
}

/** Every element wider than its box, or reaching past the printable width (as receipts). */
const OVERFLOWS = `(() => {
  const out = []
  const pageWidth = document.documentElement.clientWidth
  for (const el of document.querySelectorAll('body, body *')) {
    const box = el.getBoundingClientRect()
    const name = el.tagName.toLowerCase() + ': ' + (el.textContent || '').slice(0, 40)
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      out.push(name + ' scrolls (' + el.scrollWidth + ' > ' + el.clientWidth + ')')
    if (box.right > pageWidth + 1) out.push(name + ' runs off the paper (' + box.right + ')')
  }
  if (document.documentElement.scrollWidth > pageWidth)
    out.push('page is ' + document.documentElement.scrollWidth + 'px wide, paper ' + pageWidth + 'px')
  return out
})()`

let browser: Browser
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  })
  mkdirSync(OUT, { recursive: true })
})
afterAll(async () => {
  await browser?.close()
})

describe('Z-report layouts', () => {
  const report = worstCase()
  const seal = 'ab'.repeat(32)

  it.each(['80mm', 'A4'] as const)(
    '%s: nothing overflows, and it prints to PDF and PNG',
    { timeout: 60_000 },
    async (width) => {
      const paper = PAPER[width]
      const page = await browser.newPage({
        viewport: { width: Math.round(paper.printMm * pxPerMm), height: 1000 },
      })
      try {
        await page.emulateMedia({ media: 'print' })
        const html = reportHtml(report, width, {
          language: 'en' as const,
          integrityNote:
            'This Z-report does not match its seal: it was changed after it was closed.',
          seal,
          printedAt: at(481),
          timeZone: 'Africa/Lagos',
        })
        await page.setContent(html)
        const problems = await page.evaluate<string[]>(OVERFLOWS)
        expect(problems).toEqual([])
        // What a Z-report must carry is on the page, whole.
        const text = (await page.evaluate<string>('document.body.innerText')).replace(/\s+/g, ' ')
        for (const needed of [
          'Front counter, Lekki Phase 1 branch (by the main entrance)',
          LONG_CASHIER.name,
          CUSTOMER,
          '999,999,999.99',
          '₦7,999,999,999.00',
          'does not match its seal',
          'Refunds could not be read',
          seal,
        ])
          expect(text).toContain(needed)

        const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
        const stem = `z-report-${width}`
        const pdfPath = join(OUT, `${stem}.pdf`)
        writeFileSync(pdfPath, pdf)
        for (const old of readdirSync(OUT).filter((f) => f.startsWith(`${stem}-`)))
          rmSync(join(OUT, old))
        execFileSync('pdftoppm', ['-png', '-r', String(DPI), pdfPath, join(OUT, stem)])
        const pngs = readdirSync(OUT).filter((f) => f.startsWith(`${stem}-`) && f.endsWith('.png'))
        expect(pngs.length).toBeGreaterThan(0)
        for (const name of pngs) {
          const png = readFileSync(join(OUT, name))
          // Each picture is as wide as the paper (PNG width is at byte 16, big-endian).
          const widthPx = png.readUInt32BE(16)
          expect(Math.abs(widthPx - Math.round((paper.widthMm / 25.4) * DPI))).toBeLessThanOrEqual(
            2,
          )
        }
      } finally {
        await page.close()
      }
    },
  )
})
