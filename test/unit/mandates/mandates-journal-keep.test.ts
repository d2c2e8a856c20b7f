// The mandates journal is the only list of mandates there is (the gateway has none). When it
// trims its oldest, a mandate the till may still debit, or whose create is unconfirmed, must
// stay: dropping it would take it off the Mandates screen, and its debits with it.
import { describe, expect, it } from 'vitest'
import { mandateKept, type MandateEntry } from '../../../main/mandates/mandate-entries'
import { mandateEntry, mandatesJournal } from './fixtures'

const mandate = (n: number, extra: Partial<MandateEntry> = {}): MandateEntry =>
  mandateEntry({
    mandateReference: `MND-${n}`,
    confirmed: true,
    status: 'cancelled',
    activationInitiated: true,
    createdAt: new Date(Date.parse('2026-01-01T09:00:00Z') + n * 60_000).toISOString(),
    ...extra,
  })

describe('the mandates journal, past its limit', () => {
  it('keeps the oldest mandates that are active, pending or unconfirmed; drops a cancelled one', () => {
    const journal = mandatesJournal({ limit: 3, keep: mandateKept })
    journal.put(mandate(1, { status: 'active' }))
    journal.put(mandate(2, { status: 'pending_activation' }))
    journal.put(mandate(3, { confirmed: false, status: 'unknown' }))
    journal.put(mandate(4))
    for (let n = 5; n < 9; n++) journal.put(mandate(n, { status: 'expired' }))
    const kept = journal.list().map((e) => e.mandateReference)
    expect(kept).toEqual(expect.arrayContaining(['MND-1', 'MND-2', 'MND-3']))
    expect(kept).not.toContain('MND-4')
  })
})
