// Tills with the real shift service on their own folders, each reading facts the test writes
// by hand, on one clock the test moves (test/unit/shifts/fixtures.ts's day): for the shift
// report tests that need more than one till or more than one Z-report. Registers its own
// beforeEach and afterEach (a fresh clock at 09:00, each till stopped and its folder removed).
// With the facts those tests share: a paid sale, a transfer the shop gave away, the paper.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import type { ShiftReport, ZReportView } from '../../common/ipc/shifts'
import type { Activity, ChargeFact, LateTransferFact } from '../../main/shifts/activity'
import { reportHtml } from '../../main/shifts/html'
import { ShiftsService, type Caller } from '../../main/shifts/service'
import type { ActivitySource } from '../../main/shifts/sources'
import { activity, bola, charge, clock, iso, keyedSeal, m } from '../unit/shifts/fixtures'

export interface ShiftTill {
  name: string
  service: ShiftsService
  /** What the till's features recorded, as the report reads it now. */
  facts: Activity
  dir: string
}

const cashier: Caller = { id: bola.id, name: bola.name, role: 'cashier' }

export function shiftTills(
  /** The report's source around the facts (the shop's moves, for one). */
  source: (facts: ActivitySource, till: ShiftTill) => ActivitySource = (facts) => facts,
) {
  let now = clock('09:00')
  let tills: ShiftTill[] = []
  beforeEach(() => {
    now = clock('09:00')
    tills = []
  })
  afterEach(() => {
    for (const t of tills) {
      t.service.stop()
      rmSync(t.dir, { recursive: true, force: true })
    }
  })
  return {
    /** Moves the clock to `hhmm` of the test's day. */
    at(hhmm: string): void {
      now = clock(hhmm)
    },
    till(name: string): ShiftTill {
      const dir = mkdtempSync(join(tmpdir(), 'tilldesk-shift-tills-'))
      const seal = keyedSeal()
      const t: ShiftTill = {
        name,
        dir,
        facts: activity(),
        service: null as unknown as ShiftsService,
      }
      t.service = new ShiftsService({
        dir,
        seal: async () => seal,
        activity: source({ read: async () => structuredClone(t.facts) }, t),
        tillName: () => name,
        environment: () => 'demo',
        now: () => now,
      })
      tills.push(t)
      return t
    },
    /** Opens a shift on `t`, moves the clock to `hhmm` and seals its Z-report. */
    async zAt(t: ShiftTill, hhmm: string): Promise<ZReportView> {
      const shift = await t.service.open(cashier, {})
      now = clock(hhmm)
      return t.service.close(cashier, shift.id)
    },
  }
}

/** A report on A4 paper in `language`, as printed now in Lagos. */
export const paper = (report: ShiftReport, language: 'en' | 'fr' = 'en'): string =>
  reportHtml(report, 'A4', {
    language,
    integrityNote: null,
    seal: null,
    printedAt: report.to,
    timeZone: 'Africa/Lagos',
  })

/** A sale closed at `hhmm`, paid by one transfer seen then. */
export const paidBy = (id: string, reference: string, amount: number, hhmm: string): ChargeFact =>
  charge({
    id,
    closedAt: iso(hhmm),
    transfers: [{ reference, amount: m(amount), at: iso(hhmm) }],
  })

/** A transfer this till saw that the shop's rule gave to the back counter's sale. */
export const givenAway = (reference: string, amount: number): LateTransferFact => ({
  reference,
  amount: m(amount),
  currency: 'NGN',
  status: 'success',
  firstSeenAt: iso('10:00'),
  acknowledged: false,
  cashier: bola,
  claimedBy: 'Back counter',
})
