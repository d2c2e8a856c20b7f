// The shop's audit log in the till's language: each event's line and each till's "how it
// checked out" came as main's English on a French screen ("Payout PO-1 approved (drafted at
// Front)", "3 events, signatures checked, no gaps"). Each now comes keyed beside the same
// English, and says it in French with no word of the English catalogue. So do the reasons this
// till refused another till's event ("Refused: it could not be read (event …)").
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

describe('the shop’s audit log: events of another till this till refused', () => {
  // A reason a newer till gives is said by its code, which is data here.
  data.push('newer_reason')
  const WHY = ['bad_signature', 'gap', 'unknown_till', 'unpinned', 'malformed', 'not_admin']
  const refused = [...WHY, 'newer_reason'].map((why, i) => ({
    serverSeq: 10 + i,
    tillId: 'till-b',
    eventId: `00000000-0000-4000-8000-0000000000${String(10 + i)}`,
    why,
    at: '2026-11-24T10:00:00.000Z',
  }))
  const audit = shopAudit({
    ownTillId: 'till-a',
    own: [],
    ownOrder: new Map(),
    pulled: [],
    refused,
    day: '2026-11-24',
    timeZone: 'UTC',
  })

  it('keys each refusal in the log, its English as main’s, in French with no English word', () => {
    const entries = audit.entries.filter((e) => e.kind === 'refused')
    expect(entries).toHaveLength(refused.length)
    for (const entry of entries) {
      expect(entry.whatSay, entry.what).toBeDefined()
      expect(english(entry.whatSay!)).toBe(entry.what)
      expect(entry.what).toContain(entry.reference)
      expectFrench(entry.whatSay!)
    }
  })

  it('keys the refused list’s words, a reason of a newer till named by its code', () => {
    for (const r of audit.refused) {
      expect(r.wordsSay, r.words).toBeDefined()
      expect(english(r.wordsSay!)).toBe(r.words)
      expectFrench(r.wordsSay!)
    }
    const newer = audit.refused.find((r) => r.why === 'newer_reason')!
    expect(newer.words).toContain('newer_reason')
    // Every reason the till gives has its own words, not the code.
    for (const r of audit.refused.filter((r) => r.why !== 'newer_reason'))
      expect(r.words).not.toContain(r.why)
  })
})
