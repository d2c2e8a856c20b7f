// Facts for the shift report tests, written out by hand from what each feature records.
import { randomBytes } from 'node:crypto'
import type { Currency, Minor } from '../../../common/money'
import { Sealer } from '../../../main/integrity/seal'
import type {
  Activity,
  ChargeFact,
  HostedPaymentFact,
  PayoutFact,
  RefundFact,
} from '../../../main/shifts/activity'
import type { JournalSeal } from '../../../main/integrity'
import type { ZAnchor, ZChainHead, ZJournalSeal } from '../../../main/shifts/sealing'
import type { ShiftRecord } from '../../../main/shifts/store'

export const m = (n: number) => n as Minor
export const bola = { id: 'u_bola0001', name: 'Bola' }
export const chidi = { id: 'u_chidi001', name: 'Chidi' }

export const OPEN_MS = Date.parse('2026-03-02T08:00:00Z')

/** The day the report tests run on, by the wall clock: clock('14:30') in ms, iso('14:30'). */
const DAY = Date.parse('2026-03-02T00:00:00Z')
export const clock = (hhmm: string) => {
  const [h, mm] = hhmm.split(':').map(Number)
  return DAY + (h! * 60 + mm!) * 60_000
}
export const iso = (hhmm: string) => new Date(clock(hhmm)).toISOString()
export const at = (minutes: number) => new Date(OPEN_MS + minutes * 60_000).toISOString()

/** An open shift of Bola's at the Front till, opened at the start of the day. */
export const shiftRecord = (id: string): ShiftRecord => ({
  id,
  till: 'Front',
  environment: 'demo',
  openedBy: bola,
  openedAt: at(0),
  since: { at: at(0), exclude: [] },
  openingFloat: null,
})

/** A charge; unless told, closed when opened and paid by one transfer seen then. */
export function charge(over: Partial<ChargeFact> & { id: string }): ChargeFact {
  const base = {
    state: 'closed',
    status: 'paid' as const,
    currency: 'NGN' as Currency,
    amountDue: m(100_00),
    received: m(100_00),
    pending: m(0),
    customer: 'Ada Obi',
    openedBy: bola,
    openedAt: at(10),
    ...over,
  }
  const closedAt =
    over.closedAt !== undefined ? over.closedAt : base.state === 'open' ? null : base.openedAt
  const transfers =
    over.transfers ??
    (base.received > 0
      ? [{ reference: `tr_${over.id}`, amount: base.received, at: closedAt ?? base.openedAt }]
      : [])
  return { ...base, closedAt, transfers }
}

export function hosted(
  over: Partial<HostedPaymentFact> & { reference: string },
): HostedPaymentFact {
  return {
    status: 'success',
    amount: m(50_00),
    currency: 'NGN' as Currency,
    createdAt: at(20),
    settledAt:
      over.status === undefined || over.status === 'success' ? (over.createdAt ?? at(20)) : null,
    takenBy: 'Bola',
    ...over,
  }
}

export function refund(over: Partial<RefundFact> & { reference: string }): RefundFact {
  return {
    status: 'success',
    amount: m(10_00),
    currency: 'NGN',
    createdAt: at(30),
    updatedAt: over.createdAt ?? at(30),
    issuedBy: 'Chidi',
    ...over,
  }
}

export function payout(over: Partial<PayoutFact> & { reference: string }): PayoutFact {
  return {
    state: 'success',
    amount: m(2_000_00),
    currency: 'NGN',
    maker: bola,
    payee: 'OKAFOR ADAEZE',
    createdAt: at(40),
    updatedAt: at(45),
    ...over,
  }
}

export function activity(over: Partial<Activity> = {}): Activity {
  return {
    charges: [],
    lateTransfers: [],
    hostedPayments: [],
    refunds: [],
    payoutEvents: [],
    payouts: [],
    debits: [],
    warnings: [],
    ...over,
  }
}

/** A device key in memory, and a head "in the keychain" that tests can roll back. */
export function keyedSeal(sealer = new Sealer(randomBytes(32), true)): ZJournalSeal & {
  anchor: ZAnchor & { head: ZChainHead | null }
} {
  let head: ZChainHead | null = null
  return {
    sealer,
    anchor: {
      get head() {
        return head
      },
      set head(next) {
        head = next
      },
      set(next) {
        head = { ...next }
      },
    },
  }
}

/** A journal's key and chain head, as the keychain would hold them (the books' own seal). */
export function journalSeal(): JournalSeal {
  let head: { seq: number; hash: string } | null = null
  return {
    sealer: new Sealer(randomBytes(32), true),
    anchor: {
      get head() {
        return head
      },
      set(next: { seq: number; hash: string }) {
        head = { ...next }
      },
    } as unknown as JournalSeal['anchor'],
  }
}
