// The Z-report's PDF as the preview makes it (headless Chromium's own printing): the paper
// comes from the report's page rule, 80 mm roll pages or A4, not the printer's default.
import { describe, expect, it } from 'vitest'
import type { ShiftReport } from '../../common/ipc/shifts'
import { shiftFigures } from '../../main/shifts/figures'
import { reportHtml, type PaperWidth } from '../../main/shifts/html'
import { chromiumPdf, findChromium } from '../../main/shifts/pdf'
import { activity, at, charge, m, OPEN_MS } from '../unit/shifts/fixtures'

const POINTS_PER_MM = 72 / 25.4

function report(): ShiftReport {
  const { counted: _counted, ...figures } = shiftFigures(
    activity({
      charges: Array.from({ length: 60 }, (_, i) =>
        charge({ id: `ch_pdf${String(i).padStart(4, '0')}`, received: m(1_000_00 + i) }),
      ),
    }),
    { counted: new Set<string>(), legacyUntilMs: OPEN_MS - 1 },
  )
  return {
    kind: 'z',
    shift: {
      id: 'sh_pdf00001',
      state: 'closed',
      till: 'Front counter',
      environment: 'demo',
      openedBy: { id: 'u_bola0001', name: 'Bola' },
      openedAt: at(0),
      openingFloat: null,
      closedBy: { id: 'u_bola0001', name: 'Bola' },
      closedAt: at(480),
      zNumber: 1,
      endOfDayAt: at(840),
      pastEndOfDay: false,
    },
    zNumber: 1,
    generatedAt: at(480),
    from: at(0),
    to: at(480),
    ...figures,
    warnings: [],
  }
}

/** Every page's MediaBox, in points. */
function mediaBoxes(pdf: Uint8Array): Array<[number, number]> {
  const text = Buffer.from(pdf).toString('latin1')
  return [...text.matchAll(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ])
}

describe('Z-report PDF in Chromium', () => {
  const chromium = findChromium()
  const render = (width: PaperWidth) =>
    chromiumPdf(chromium ?? '/usr/bin/chromium')(
      reportHtml(report(), width, {
        language: 'en' as const,
        integrityNote: null,
        seal: 'ab'.repeat(32),
        printedAt: at(481),
      }),
      width,
    )

  it('finds a Chromium to print with (CHROMIUM_PATH or a usual place)', () => {
    expect(chromium).not.toBeNull()
  })

  it('prints 80 mm wide roll pages', { timeout: 60_000 }, async () => {
    const pdf = await render('80mm')
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    const boxes = mediaBoxes(pdf)
    expect(boxes.length).toBeGreaterThan(0)
    for (const [w, h] of boxes) {
      expect(Math.round(w / POINTS_PER_MM)).toBe(80)
      expect(Math.round(h / POINTS_PER_MM)).toBe(297)
    }
  })

  it('prints A4 pages', { timeout: 60_000 }, async () => {
    const boxes = mediaBoxes(await render('A4'))
    expect(boxes.length).toBeGreaterThan(0)
    for (const [w, h] of boxes) {
      expect(Math.round(w / POINTS_PER_MM)).toBe(210)
      expect(Math.round(h / POINTS_PER_MM)).toBe(297)
    }
  })
})
