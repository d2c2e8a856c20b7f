// Tills with the real shift service on their own folders, each reading facts the test writes
// by hand, on one clock the test moves (test/unit/shifts/fixtures.ts's day): for the shift
// report tests that need more than one till or more than one Z-report. Registers its own
// beforeEach and afterEach (a fresh clock at 09:00, each till stopped and its folder removed).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import type { ZReportView } from '../../common/ipc/shifts'
import type { Activity } from '../../main/shifts/activity'
import { ShiftsService, type Caller } from '../../main/shifts/service'
import type { ActivitySource } from '../../main/shifts/sources'
import { activity, bola, clock, keyedSeal } from '../unit/shifts/fixtures'

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
