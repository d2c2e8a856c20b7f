// The shop's audit log in the till's language: each event's line and each till's "how it
// checked out" came as main's English on a French screen ("Payout PO-1 approved (drafted at
// Front)", "3 events, signatures checked, no gaps"). Each now comes keyed beside the same
// English, and says it in French with no word of the English catalogue.
import { describe, expect, it } from 'vitest'
import type { Said } from '../../../common/ipc/contract'
import { ERROR_WORDS } from '../../../common/words/errors'
import { sayIn } from '../../../common/words/said'
import { describeSaid, describe as words, shopAudit } from '../../../main/shop/audit-log'
import type { ShopEvent } from '../../../main/shop/events'
import { english } from '../../../main/kernel/errors'
import { englishIn } from '../../support/english-words'

let n = 0
const ev = (kind: string, body: Record<string, unknown>): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  tillId: 'till-a',
  tillSeq: n,
  kind,
  body: { tillName: 'Comptoir', at: '2026-11-24T09:00:00.000Z', ...body },
  createdAt: '2026-11-24T09:00:00.000Z',
  signature: 'x'.repeat(86),
})

const EVENTS = [
  ev('payout.state', {
    reference: 'PO-1',
    state: 'awaiting_approval',
    amountMinor: '350000',
    currency: 'NGN',
    accountName: 'ADA STORES',
    maker: 'Awa',
  }),
  ev('payout.state', { reference: 'PO-2', state: 'success', amountMinor: '1', currency: 'NGN' }),
  ev('payout.decision', { reference: 'PO-1', tillId: 'till-a', decision: 'approved' }),
  ev('payout.decision', { reference: 'PO-3', decision: 'rejected', reason: 'Doublon' }),
  ev('shift.opened', { shiftId: 'sh_1' }),
  ev('shift.closed', {
    shiftId: 'sh_1',
    zNumber: 4,
    till: {
      collections: {
        received: [
          { currency: 'NGN', amountMinor: '250000' },
          { currency: 'NGN', amountMinor: '100' },
        ],
      },
    },
  }),
  ev('signin.failed', { userId: 'u1' }),
  ev('staff.upserted', { userId: 'u1', name: 'Moussa', role: 'supervisor' }),
  ev('till.joined', {}),
  ev('till.pinned', {}),
]

const data = [
  'till-a',
  'PO-1',
  'PO-2',
  'PO-3',
  'ADA STORES',
  'Awa',
  'Moussa',
  'Doublon',
  'sh_1',
  'u1',
]

function expectFrench(said: Said) {
  let french = sayIn(ERROR_WORDS.fr, said, 'fr-CI')!
  expect(french).toBeDefined()
  for (const d of data) french = french.split(d).join(' ')
  expect(englishIn(french), french).toEqual([])
}

describe('the shop’s audit log', () => {
  it.each(EVENTS.map((e) => [e.kind, e] as const))(
    'says a %s event keyed, its English as before, in French with no English word',
    (_, e) => {
      const said = describeSaid(e)!
      expect(english(said)).toBe(words(e))
      expectFrench(said)
    },
  )

  it('keys each entry and how each till checked out', () => {
    const audit = shopAudit({
      ownTillId: 'till-a',
      own: EVENTS,
      ownOrder: new Map(),
      pulled: [],
      refused: [],
      day: '2026-11-24',
      timeZone: 'UTC',
    })
    expect(audit.entries.length).toBeGreaterThan(0)
    for (const entry of audit.entries) {
      expect(english(entry.whatSay!)).toBe(entry.what)
      expectFrench(entry.whatSay!)
    }
    for (const till of audit.tills) {
      expect(english(till.wordsSay!)).toBe(till.words)
      expectFrench(till.wordsSay!)
    }
  })
})
