// A report reads the payout journal on from where the last sealed Z-report left it: the payouts
// and steps that Z-report carried over, then only the records written after it. Its figures are
// those of a read from the first record; a payout that moves after being carried, or one not
// carried that moves again, is counted once; a cursor file edited, or a journal changed at the
// cursor's record, sends the read back to the first record with a warning, never to a wrong sum.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Sealer, type JournalSeal } from '../../../main/integrity'
import { Journal } from '../../../main/payouts/journal'
import type { PayoutItem, PayoutState } from '../../../main/payouts/model'
import type { OutboxRecord } from '../../../main/payouts/records'
import type { Activity } from '../../../main/shifts/activity'
import { shiftFigures } from '../../../main/shifts/figures'
import { RECENT_MS } from '../../../main/shifts/payouts-cursor'
import { fileActivitySource, sourcePaths } from '../../../main/shifts/sources'
import { journalSeals } from '../../support/books-services'

let dir: string
let seal: JournalSeal
/** The other journals' seal (no collections, payments or refunds journal here). */
let plain: JournalSeal
let journal: Journal<OutboxRecord, unknown>
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tilldesk-payouts-cursor-'))
  seal = { sealer: new Sealer(randomBytes(32), true), anchor: null, adopt: true }
  plain = seal
  journal = (await Journal.open<OutboxRecord, unknown>(payoutsDir(), { seal })).journal
})
afterEach(async () => {
  await journal.close()
  rmSync(dir, { recursive: true, force: true })
})

const payoutsDir = () => sourcePaths(dir, 'demo').payouts
const cursorDir = () => join(dir, 'shifts')
const cursorFile = () => join(cursorDir(), 'demo', 'payouts-cursor.json')
const BOLA = { id: 'u_bola0001', name: 'Bola', role: 'cashier' }
const SADE = { id: 'u_sade0001', name: 'Sade', role: 'supervisor' }
const DAY_MS = 86_400_000
const T0 = Date.UTC(2026, 2, 2, 9)
const iso = (ms: number) => new Date(ms).toISOString()

/** The till's source (reads on from the cursor) and one that always reads the whole journal. */
const sealOf = (_environment: string, journal: string) => (journal === 'payouts' ? seal : plain)
const onward = () => fileActivitySource(dir, sealOf, { cursorDir: cursorDir() })
const whole = () => fileActivitySource(dir, sealOf)

async function created(reference: string, atMs: number): Promise<void> {
  const item = {
    reference,
    state: 'draft',
    amount: 50_000_00,
    currency: 'NGN',
    accountName: `Supplier ${reference}`,
    accountNumber: '0123456789',
    createdBy: { id: BOLA.id, name: BOLA.name },
    createdAt: atMs,
    updatedAt: atMs,
  } as unknown as PayoutItem
  await journal.append([{ type: 'created', by: BOLA, item } as OutboxRecord], iso(atMs)).durable
}

async function moved(ref: string, from: PayoutState, to: PayoutState, atMs: number) {
  const body = { type: 'action', action: 'x', ref, by: SADE, from, to, reason: null, patch: {} }
  await journal.append([body as unknown as OutboxRecord], iso(atMs)).durable
}

/** Sent: approved, sending, submitted, then success. */
async function sent(ref: string, atMs: number): Promise<void> {
  await moved(ref, 'draft', 'approved', atMs)
  await moved(ref, 'approved', 'sending', atMs + 1_000)
  await moved(ref, 'sending', 'submitted', atMs + 2_000)
  await moved(ref, 'submitted', 'success', atMs + 3_000)
}

/** Takes a Z-report's figures from `source` and tells it the report was sealed. */
function zOf(source: ReturnType<typeof onward>, counted: Set<string>) {
  return async () => {
    const read: Activity = await source.read('demo')
    const figures = shiftFigures(read, { counted, legacyUntilMs: null })
    for (const key of figures.counted) counted.add(key)
    await source.sealed?.('demo', counted)
    return { read, figures }
  }
}

describe('the payout journal read on from the last Z-report', () => {
  it('reads only what came after the cursor and adds up as a read from the first record', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    for (let n = 1; n <= 5; n++) {
      await created(`p_${n}`, T0 + n * 60_000)
      await sent(`p_${n}`, T0 + n * 60_000 + 10_000)
    }
    await created('p_wait', T0 + 10 * 60_000)
    await z()
    // The next day: one more sent, and the waiting one approved and sent.
    await created('p_6', T0 + DAY_MS)
    await sent('p_6', T0 + DAY_MS + 10_000)
    await sent('p_wait', T0 + DAY_MS + 60_000)
    const beside = shiftFigures(await whole().read('demo'), {
      counted: new Set(counted),
      legacyUntilMs: null,
    })
    const { read, figures } = await z()
    expect(read.warnings).toEqual([])
    // Not the first day's steps: five payouts' 25 steps are behind the cursor.
    expect(read.payoutEvents.length).toBe(5 + 4)
    expect(figures.till).toEqual(beside.till)
    expect(figures.counted.sort()).toEqual(beside.counted.sort())
    expect(figures.till.payouts.sent.count).toBe(2)
    expect(figures.till.payouts.drafted.count).toBe(1)
  })

  it('counts a payout that moved after being carried once, and keeps stating one not known', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_slow', T0)
    await moved('p_slow', 'draft', 'approved', T0 + 1_000)
    await moved('p_slow', 'approved', 'unknown', T0 + 2_000)
    const first = await z()
    expect(first.figures.till.payouts.unknown.count).toBe(1)
    // Still not known at the next close: stated again, not added, and its steps not again.
    const second = await z()
    expect(second.figures.till.payouts.unknown.count).toBe(1)
    expect(second.figures.till.payouts.approved.count).toBe(0)
    await moved('p_slow', 'unknown', 'success', T0 + 2 * DAY_MS)
    const third = await z()
    expect(third.figures.till.payouts.sent.count).toBe(1)
    expect(third.figures.till.payouts.unknown.count).toBe(0)
    const fourth = await z()
    expect(fourth.figures.till.payouts.sent.count).toBe(0)
    expect(fourth.read.warnings).toEqual([])
  })

  it('goes back to the first record for a payout not carried that moves again, and counts it once', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_old', T0)
    await sent('p_old', T0 + 10_000)
    await created('p_new', T0 + RECENT_MS + DAY_MS)
    await z()
    // Sent long before the close, it is not carried; the bank returns it days later.
    const cursor = JSON.parse(readFileSync(cursorFile(), 'utf8')) as { items: PayoutItem[] }
    expect(cursor.items.map((i) => i.reference)).not.toContain('p_old')
    await moved('p_old', 'success', 'reversed', T0 + 3 * DAY_MS)
    const { read, figures } = await z()
    expect(read.warnings).toEqual([])
    expect(figures.till.payouts.reversed.count).toBe(1)
    expect(figures.till.payouts.sent.count).toBe(0)
    expect((await z()).figures.till.payouts.reversed.count).toBe(0)
  })

  it('goes on from a cursor whose record the journal has since moved to its archive', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_1', T0)
    await sent('p_1', T0 + 10_000)
    await z()
    await created('p_2', T0 + DAY_MS)
    await journal.checkpoint(() => ({}))
    await sent('p_2', T0 + DAY_MS + 10_000)
    const { read, figures } = await z()
    expect(read.warnings).toEqual([])
    expect(read.payoutEvents.length).toBe(5)
    expect(figures.till.payouts.sent.count).toBe(1)
    expect(figures.till.payouts.drafted.count).toBe(1)
  })

  it('refuses an edited cursor in words and reads from the first record, counting nothing twice', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_1', T0)
    await sent('p_1', T0 + 10_000)
    await z()
    const cursor = JSON.parse(readFileSync(cursorFile(), 'utf8')) as { events: unknown[] }
    cursor.events = [{ reference: 'p_1', at: iso(T0 + 13_000), to: 'success' }]
    writeFileSync(cursorFile(), JSON.stringify(cursor))
    const { read, figures } = await z()
    expect(read.warnings.join(' ')).toMatch(/payout journal could not be used.*seal does not match/)
    expect(figures.till.payouts.sent.count).toBe(0)
  })

  it('refuses a journal changed at the cursor’s record, in words', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_1', T0)
    await z()
    await created('p_2', T0 + DAY_MS)
    const path = join(payoutsDir(), 'journal.jsonl')
    const lines = readFileSync(path, 'utf8').split('\n')
    lines[0] = lines[0]!.replace('Supplier p_1', 'Supplier p_X')
    writeFileSync(path, lines.join('\n'))
    const { read, figures } = await z()
    expect(read.warnings.join(' ')).toMatch(/payout journal could not be read in full.*changed/)
    expect(figures.till.payouts.drafted.count).toBe(0)
  })

  it('reads from the first record, and says why, when the journal no longer holds the cursor’s record', async () => {
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_1', T0)
    await created('p_2', T0 + 60_000)
    await z()
    // Cut back to its first record (as if an older copy were put back).
    const path = join(payoutsDir(), 'journal.jsonl')
    writeFileSync(path, `${readFileSync(path, 'utf8').split('\n')[0]!}\n`)
    const { read, figures } = await z()
    expect(read.warnings.join(' ')).toMatch(
      /payout journal was read from its first record.*no longer holds its record/,
    )
    expect(figures.till.payouts.drafted.count).toBe(0)
  })
  it('checks the head in the keychain as the whole read does: the last records deleted are refused in words', async () => {
    // The journal anew, with its head "in the keychain", as the app keeps it.
    await journal.close()
    rmSync(payoutsDir(), { recursive: true, force: true })
    seal = journalSeals()('payouts')
    journal = (await Journal.open<OutboxRecord, unknown>(payoutsDir(), { seal })).journal
    const counted = new Set<string>()
    const z = zOf(onward(), counted)
    await created('p_1', T0)
    await z()
    await created('p_2', T0 + DAY_MS)
    await sent('p_2', T0 + DAY_MS + 10_000)
    const fine = await zOf(onward(), new Set(counted))()
    expect(fine.read.warnings).toEqual([])
    expect(fine.read.payoutEvents.length).toBe(5)
    const path = join(payoutsDir(), 'journal.jsonl')
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean)
    writeFileSync(path, `${lines.slice(0, -1).join('\n')}\n`)
    const { read } = await z()
    expect(read.warnings.join(' ')).toMatch(
      /payout journal could not be read in full.*this till wrote up to record 6/,
    )
  })
})
