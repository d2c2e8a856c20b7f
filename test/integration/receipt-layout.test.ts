// Receipts on real paper: each layout (58 mm and 80 mm thermal rolls, A4) is rendered in
// Chromium at its paper width, checked for anything wider than its box, printed to PDF at that
// width, and the PDF rendered to PNG with pdftoppm (poppler-utils) for people to look at
// (.tmp/receipts/). The worst case is used: long names, references and narrations.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { minor } from '../../common/money'
import { RECEIPT_PAPERS, type ChargeView, type TransferView } from '../../common/ipc/collections'
import { buildReceipt } from '../../main/collections/receipts'
import { PAPER, receiptHtml } from '../../main/collections/receiptHtml'
import { reconcile } from '../../main/collections/reconcile'

const OUT = join(process.cwd(), '.tmp', 'receipts')
const DPI = 150
const pxPerMm = 96 / 25.4

function worstCase(): ChargeView {
  const transfer = (n: number, amount: number, narration: string): TransferView => ({
    reference: `VAT_20250301_ABCDEFGHIJKLMNOPQRSTUVWXYZ_${n}`,
    accountReference: 'TD-MWT4K2Q9-0A1B2C3D',
    amount: minor(amount),
    currency: 'NGN',
    status: 'success',
    narration,
    createdAt: `2025-03-01T10:0${n}:00.000Z`,
    firstSeenAt: `2025-03-01T10:0${n}:01.000Z`,
    chargeId: 'ch_layout01',
    late: false,
    acknowledgement: null,
  })
  const transfers = [
    transfer(
      1,
      9_999_999_999,
      'TRF FROM OLUWASEUNFUNMILAYO ADEBAYO-WILLIAMS VIA FIRST CITY MONUMENT BANK',
    ),
    transfer(2, 150_050, ''),
  ]
  return {
    id: 'ch_layout01',
    state: 'closed',
    account: {
      accountReference: 'TD-MWT4K2Q9-0A1B2C3D',
      accountNumber: '9012345678',
      accountName: 'Oluwaseunfunmilayo Chukwuemeka Adebayo-Williams Enterprises Limited',
      bankName: 'First City Monument Bank Limited (Virtual Accounts Division)',
      bankCode: '214',
      currency: 'NGN',
      customerEmail: 'accounts.payable@adebayo-williams-enterprises.example.com',
      metadata: {},
      createdAt: null,
    },
    currency: 'NGN',
    amountDue: minor(9_999_999_999),
    saleReference: 'SALE-2025-03-01-000000000042-LONGREFERENCE',
    till: 'Front counter, Lekki Phase 1 branch',
    openedBy: { id: 'u_x', name: 'Chidimma Nwachukwu-Okonkwo' },
    openedAt: '2025-03-01T10:00:00.000Z',
    closedAt: '2025-03-01T10:03:00.000Z',
    reconciliation: reconcile(minor(9_999_999_999), 'NGN', transfers),
    transfers,
    needsDecision: false,
    overpayment: {
      decision: 'credit',
      note: 'Customer will collect the rest of the order next week; keep as credit on account',
      by: 'Chidimma',
      at: '2025-03-01T10:03:00.000Z',
    },
    cancellation: null,
  }
}

/**
 * Every element wider than its box (scrollWidth > clientWidth) or reaching past the paper's
 * edge. Runs in the page; kept as text because this suite typechecks without the DOM library.
 */
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

describe('receipt layouts', () => {
  const receipt = buildReceipt(worstCase(), '2025-03-01T10:04:00.000Z')

  it.each(RECEIPT_PAPERS)('%s: nothing overflows, and it prints to PDF and PNG', async (paper) => {
    const widthMm = PAPER[paper].widthMm
    const page = await browser.newPage({
      viewport: { width: Math.round(widthMm * pxPerMm), height: 800 },
    })
    try {
      await page.emulateMedia({ media: 'print' })
      await page.setContent(receiptHtml(receipt, paper))
      const problems = await page.evaluate<string[]>(OVERFLOWS)
      expect(problems).toEqual([])
      // Everything a receipt must carry is on it.
      const text = await page.evaluate<string>('document.body.innerText')
      for (const needed of [
        'Front counter, Lekki Phase 1 branch',
        'Chidimma Nwachukwu-Okonkwo',
        'Oluwaseunfunmilayo Chukwuemeka Adebayo-Williams Enterprises Limited',
        'OLUWASEUNFUNMILAYO ADEBAYO-WILLIAMS',
        'VAT_20250301_ABCDEFGHIJKLMNOPQRSTUVWXYZ_1',
        receipt.amount,
        receipt.time,
      ])
        expect(text.replace(/\s+/g, ' ')).toContain(needed)

      const heightPx = await page.evaluate<number>('document.documentElement.scrollHeight')
      const pdf = await page.pdf(
        PAPER[paper].thermal
          ? {
              width: `${widthMm}mm`,
              height: `${Math.ceil(heightPx / pxPerMm) + 2}mm`,
              printBackground: true,
            }
          : { format: 'A4', printBackground: true },
      )
      const pdfPath = join(OUT, `receipt-${paper}.pdf`)
      writeFileSync(pdfPath, pdf)
      const prefix = join(OUT, `receipt-${paper}`)
      execFileSync('pdftoppm', ['-png', '-r', String(DPI), '-singlefile', pdfPath, prefix])
      const png = readFileSync(`${prefix}.png`)
      expect(existsSync(`${prefix}.png`)).toBe(true)
      // The picture is as wide as the paper (PNG width is at byte 16, big-endian).
      const widthPx = png.readUInt32BE(16)
      expect(Math.abs(widthPx - Math.round((widthMm / 25.4) * DPI))).toBeLessThanOrEqual(2)
    } finally {
      await page.close()
    }
  })
})
