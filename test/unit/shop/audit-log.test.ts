// One audit log for the shop: every till's audit-worthy events in server order (this till's
// own placed where the server put them, those not stored yet last), refusals listed, and per
// till how its stream checked out on this till.
import { describe, expect, it } from 'vitest'
import { describe as words, shopAudit, shopAuditCsv } from '../../../main/shop/audit-log'
import type { ShopEvent, StoredEvent } from '../../../main/shop/events'

let n = 0
const ev = (
  tillId: string,
  kind: string,
  body: Record<string, unknown>,
  createdAt = '2026-11-24T09:00:00.000Z',
): ShopEvent => ({
  eventId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  tillId,
  tillSeq: n,
  kind,
  body,
  createdAt,
  signature: 'x'.repeat(86),
})
const stored = (e: ShopEvent, serverSeq: number): StoredEvent => ({ ...e, serverSeq })

const payout = (tillId: string, tillName: string, state: string, at: string) =>
  ev(tillId, 'payout.state', {
    tillName,
    reference: 'PO-1',
    state,
    amountMinor: '350000',
    currency: 'NGN',
    accountName: 'ADA STORES',
    maker: 'Bola',
    at,
  })

describe('shop audit log', () => {
  const own1 = payout('till-a', 'Front', 'awaiting_approval', '2026-11-24T08:00:00.000Z')
  const own2 = ev('till-a', 'shift.closed', {
    tillName: 'Front',
    shiftId: 'sh_1',
    zNumber: 4,
    closedAt: '2026-11-24T18:00:00.000Z',
    closedBy: { id: 'u1', name: 'Bola' },
    till: { collections: { received: [{ currency: 'NGN', amountMinor: '250000' }] } },
  })
  const ownPending = payout('till-a', 'Front', 'success', '2026-11-24T19:00:00.000Z')
  const charge = ev('till-a', 'charge.closed', {
    tillName: 'Front',
    chargeId: 'c1',
    closedAt: '2026-11-24T10:00:00.000Z',
  })
  const decision = ev('till-b', 'payout.decision', {
    reference: 'PO-1',
    tillId: 'till-a',
    decision: 'approved',
    payloadHash: 'a'.repeat(64),
    userId: 'u_sade00001',
    userName: '=SUM(1)',
    role: 'supervisor',
    reason: '',
    tillName: 'Back',
    at: '2026-11-24T08:30:00.000Z',
  })
  const hired = ev(
    'till-b',
    'staff.upserted',
    {
      userId: 'u_kunle0001',
      name: 'Kunle',
      role: 'cashier',
      pinHash: 'spscrypt$never-shown',
      createdAt: '2026-11-20T07:00:00.000Z',
    },
    '2026-11-20T07:00:00.000Z',
  )
  const staff = ev(
    'till-b',
    'staff.disabled',
    { userId: 'u_kunle0001' },
    '2026-11-24T06:00:00.000Z',
  )
  const yesterday = ev('till-b', 'shift.opened', {
    tillName: 'Back',
    shiftId: 'sh_0',
    openedBy: { id: 'u9', name: 'Sade' },
    openedAt: '2026-11-23T07:00:00.000Z',
  })
  const newer = ev('till-b', 'till.renamed', { tillName: 'Back', at: '2026-11-24T11:00:00.000Z' })

  const audit = (refused: Parameters<typeof shopAudit>[0]['refused'] = []) =>
    shopAudit({
      ownTillId: 'till-a',
      own: [own1, charge, own2, ownPending],
      ownOrder: new Map([
        [own1.eventId, 4],
        [charge.eventId, 6],
        [own2.eventId, 9],
      ]),
      pulled: [
        stored(hired, 1),
        stored(yesterday, 2),
        stored(staff, 3),
        stored(decision, 5),
        stored(newer, 7),
      ],
      refused,
      day: '2026-11-24',
      timeZone: 'Africa/Lagos',
    })

  it('lists every till’s audit events of the day in server order, with till, who and what', () => {
    const view = audit()
    expect(view.entries.map((e) => [e.serverSeq, e.tillName, e.kind, e.who])).toEqual([
      [3, 'Back', 'staff.disabled', ''],
      [4, 'Front', 'payout.state', 'Bola'],
      [5, 'Back', 'payout.decision', '=SUM(1)'],
      [7, 'Back', 'till.renamed', ''],
      [9, 'Front', 'shift.closed', 'Bola'],
      // Not on the server yet: last, and said so by its empty place.
      [null, 'Front', 'payout.state', 'Bola'],
    ])
    expect(view.entries[1]!.what).toBe(
      'Payout PO-1 waiting for approval: ₦3,500.00 to ADA STORES, drafted by Bola',
    )
    expect(view.entries[0]!.what).toBe('Staff disabled: Kunle')
    expect(view.entries[2]!.what).toBe('Payout PO-1 approved (drafted at Front)')
    // A staff record's PIN hash never reaches the log.
    expect(JSON.stringify(view)).not.toContain('spscrypt')
    expect(view.entries[4]!.what).toBe('Shift sh_1 closed, Z-report 4: received ₦2,500.00')
    expect(view.entries[3]!.what).toBe('till.renamed')
  })

  it('says per till how its events checked out', () => {
    expect(audit().tills.map((t) => [t.tillName, t.words])).toEqual([
      ['Front', '4 events, signed on this till'],
      ['Back', '5 events, signatures checked, no gaps'],
    ])
    const refused = audit([
      {
        serverSeq: 6,
        tillId: 'till-b',
        eventId: 'e6',
        why: 'bad_signature',
        at: '2026-11-24T12:00:00.000Z',
      },
      { serverSeq: 8, tillId: 'till-c', eventId: 'e8', why: 'gap', at: '2026-11-24T12:05:00.000Z' },
    ])
    expect(refused.tills.map((t) => [t.tillId, t.words])).toEqual([
      ['till-a', '4 events, signed on this till'],
      ['till-b', '5 events, signatures checked; 1 refused'],
      [
        'till-c',
        '0 events, signatures checked; stopped at a missing event: nothing after it is applied until it arrives',
      ],
    ])
    const shown = refused.entries.filter((e) => e.kind === 'refused')
    expect(shown.map((e) => [e.serverSeq, e.tillName])).toEqual([
      [6, 'Back'],
      [8, 'till-c'],
    ])
    expect(shown[0]!.what).toMatch(/signature does not match/)
  })

  it('leaves the claims on customers’ accounts out (they are sales, not audit)', () => {
    for (const kind of ['charge.claimed', 'charge.released', 'transfer.seen'])
      expect(words(ev('till-a', kind, { chargeId: 'c1', accountReference: 'ACC-1' }))).toBeNull()
  })

  it('leaves closed charges (sales) out, keeps other days out, and defuses formulas in CSV', () => {
    const view = audit()
    expect(view.entries.some((e) => e.kind === 'charge.closed')).toBe(false)
    expect(view.entries.some((e) => e.reference === 'sh_0')).toBe(false)
    const csv = shopAuditCsv(view)
    expect(csv.split('\r\n')[0]).toBe('server_seq,time,till,event,what,who,reference')
    expect(csv).toContain('Staff disabled: Kunle')
    expect(csv).not.toContain('spscrypt')
    expect(csv).not.toMatch(/,=SUM/)
    expect(words(charge)).toBeNull()
    expect(
      words(payout('till-a', 'Front', 'weird_new_state', '2026-11-24T08:00:00.000Z')),
    ).toContain('a state this till does not know (weird_new_state)')
  })
})
