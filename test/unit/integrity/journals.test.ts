// The collections ledger (JSON Lines) and the payments/refunds/mandates journals (whole-file
// documents) under the device key, and their one rule for damage: only a torn last line may
// be dropped; anything else stops that journal, tells the admin, and keeps the file as it is.
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as z from 'zod'
import { afterEach, describe, expect, it } from 'vitest'
import { openJournal } from '../../../main/collections/journal'
import { IntegrityService } from '../../../main/integrity'
import { fileStorage, Journal } from '../../../main/payments/journal'
import { MemoryKeychain } from '../shell/helpers'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tilldesk-journals-'))
  dirs.push(dir)
  return dir
}

type Rec = { id: string; amount: number }
const decode = (value: unknown): Rec | null => {
  const v = value as Partial<Rec> | null
  return v && typeof v.id === 'string' && typeof v.amount === 'number' ? (v as Rec) : null
}

async function keys(keychain = new MemoryKeychain()) {
  const integrity = await IntegrityService.open({ keychain })
  return { integrity, keychain, seal: () => integrity.journal('sandbox', 'collections') }
}

const damaged = (run: () => unknown): string => {
  try {
    run()
    return 'opened'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

describe('JSON Lines journal (collections)', () => {
  it('drops only a torn last line, and the next record starts on a clean line', () => {
    const path = join(tempDir(), 'ledger.jsonl')
    const first = openJournal(path, { decode })
    first.append({ id: 'a', amount: 1 })
    first.close()
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"id":"b","amo`)
    const second = openJournal(path, { decode })
    expect(second.records).toEqual([{ id: 'a', amount: 1 }])
    second.append({ id: 'c', amount: 3 })
    second.close()
    expect(openJournal(path, { decode }).records.map((r) => r.id)).toEqual(['a', 'c'])
  })

  it('an unreadable line that is not the last stops the journal and keeps the file', async () => {
    const { integrity, seal } = await keys()
    const path = join(tempDir(), 'collections-sandbox.jsonl')
    const first = openJournal(path, { decode, seal: seal() })
    first.append({ id: 'a', amount: 1 })
    first.append({ id: 'b', amount: 2 })
    first.close()
    const lines = readFileSync(path, 'utf8').split('\n')
    const broken = `${lines[0]}\n{"seq":2,"pr\n${lines[1]}\n`
    writeFileSync(path, broken)
    expect(damaged(() => openJournal(path, { decode, seal: seal() }))).toBe('journal_damaged')
    expect(readFileSync(path, 'utf8')).toBe(broken)
    expect(integrity.findings.list()).toContainEqual(
      expect.objectContaining({ area: 'collections', record: 'line 2' }),
    )
  })

  it('a plain journal with a damaged middle line is refused too (never skipped)', () => {
    const path = join(tempDir(), 'customers.jsonl')
    writeFileSync(path, '{"id":"a","amount":1}\nnot json\n{"id":"b","amount":2}\n')
    expect(damaged(() => openJournal(path, { decode }))).toBe('journal_damaged')
  })

  it('an edited amount, deleted last records or an older copy are caught', async () => {
    const k = await keys()
    const path = join(tempDir(), 'collections-sandbox.jsonl')
    const first = openJournal(path, { decode, seal: k.seal() })
    first.append({ id: 'a', amount: 100 })
    const older = readFileSync(path, 'utf8')
    first.append({ id: 'b', amount: 200 })
    first.close()
    await k.integrity.flushed()
    const whole = readFileSync(path, 'utf8')
    const reopen = async () => {
      const again = await keys(k.keychain)
      return damaged(() => openJournal(path, { decode, seal: again.seal() }))
    }
    expect(await reopen()).toBe('opened')
    writeFileSync(path, whole.replace('"amount":100', '"amount":900'))
    expect(await reopen()).toBe('journal_damaged')
    writeFileSync(path, older)
    expect(await reopen()).toBe('journal_damaged')
    unlinkSync(path)
    expect(await reopen()).toBe('journal_damaged')
  })

  it('adopts a file from before sealing once, then compaction keeps the chain going', async () => {
    const k = await keys()
    const path = join(tempDir(), 'collections-sandbox.jsonl')
    writeFileSync(path, '{"id":"a","amount":1}\n{"id":"a","amount":2}\n')
    const adopted = openJournal(path, { decode, seal: k.seal() })
    expect(adopted.records).toHaveLength(2)
    adopted.compact([{ id: 'a', amount: 2 }])
    adopted.append({ id: 'b', amount: 5 })
    adopted.close()
    await k.integrity.flushed()
    const again = await keys(k.keychain)
    expect(openJournal(path, { decode, seal: again.seal() }).records).toEqual([
      { id: 'a', amount: 2 },
      { id: 'b', amount: 5 },
    ])
  })
})

describe('whole-file journals (payments, refunds, mandates)', () => {
  const Schema = z.strictObject({ reference: z.string(), amount: z.number(), at: z.string() })
  type Entry = z.infer<typeof Schema>
  const journalOf = (dir: string, integrity: IntegrityService) =>
    new Journal<Entry>({
      name: 'payments',
      schema: Schema,
      storage: fileStorage(dir, 'payments'),
      keyOf: (e) => e.reference,
      timeOf: (e) => e.at,
      limit: 100,
      seal: integrity.journal('live', 'payments'),
    })

  it('edited, added, older copy or deleted: the journal stops and names the record', async () => {
    const k = await keys()
    const dir = tempDir()
    const first = journalOf(dir, k.integrity)
    first.put({ reference: 'PAY-1', amount: 500, at: '1' })
    const older = readFileSync(join(dir, 'payments.json'), 'utf8')
    first.put({ reference: 'PAY-2', amount: 700, at: '2' })
    await k.integrity.flushed()
    const path = join(dir, 'payments.json')
    const whole = readFileSync(path, 'utf8')
    const reopen = async () => journalOf(dir, (await keys(k.keychain)).integrity)

    expect((await reopen()).list()).toHaveLength(2)
    writeFileSync(path, whole.replace('"amount":500', '"amount":50000'))
    const edited = await reopen()
    expect(edited.damage).toMatch(/record for PAY-1 does not match its seal/)
    expect(() => edited.put({ reference: 'PAY-3', amount: 1, at: '3' })).toThrow(
      /will not use or overwrite/,
    )
    expect(readFileSync(path, 'utf8')).toBe(whole.replace('"amount":500', '"amount":50000'))

    const doc = JSON.parse(whole) as { entries: unknown[] }
    writeFileSync(path, JSON.stringify({ ...doc, entries: [...doc.entries, doc.entries[0]] }))
    expect((await reopen()).damage).toMatch(/added, removed or reordered/)

    writeFileSync(path, older)
    expect((await reopen()).damage).toMatch(/older copy/)

    unlinkSync(path)
    expect((await reopen()).damage).toMatch(/without seals/)
  })

  it('adopts a plain file from before sealing, once', async () => {
    const k = await keys()
    const dir = tempDir()
    writeFileSync(
      join(dir, 'payments.json'),
      JSON.stringify([{ reference: 'P', amount: 1, at: '1' }]),
    )
    expect(journalOf(dir, k.integrity).list()).toHaveLength(1)
    expect(JSON.parse(readFileSync(join(dir, 'payments.json'), 'utf8'))).toMatchObject({
      format: 'tilldesk.sealed.v1',
    })
  })
})
