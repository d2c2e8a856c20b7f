import { appendFile, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import {
  GENESIS_HASH,
  Journal,
  JournalCorruptError,
  readChain,
  recordHash,
} from '../../../main/payouts/journal'
import { IntegrityService, type JournalSeal } from '../../../main/integrity'
import { MemoryKeychain } from '../shell/helpers'
import { tempDir } from './helpers'

type Body = { n: number; text?: string }
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function fresh(): Promise<string> {
  const { dir, cleanup } = await tempDir()
  cleanups.push(cleanup)
  return dir
}

async function writeRecords(dir: string, bodies: Body[]): Promise<void> {
  const { journal } = await Journal.open<Body, unknown>(dir)
  await Promise.all(
    bodies.map((body) => journal.append([body], '2025-03-10T09:00:00.000Z').durable),
  )
  await journal.close()
}

const activeFile = (dir: string) => join(dir, 'journal.jsonl')

describe('payout journal', () => {
  it('replays every acknowledged record in order, chained from genesis', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }, { n: 2 }, { n: 3 }])
    const opened = await Journal.open<Body, unknown>(dir)
    expect(opened.records.map((r) => r.body.n)).toEqual([1, 2, 3])
    expect(opened.records[0]!.prev).toBe(GENESIS_HASH)
    expect(opened.records[1]!.prev).toBe(opened.records[0]!.hash)
    expect(opened.repairs).toEqual([])
    await opened.journal.close()
  })

  it('group-commits concurrent appends without losing or reordering any', async () => {
    const dir = await fresh()
    const { journal } = await Journal.open<Body, unknown>(dir)
    const results = Array.from({ length: 300 }, (_, n) =>
      journal.append([{ n }], new Date(0).toISOString()),
    )
    await Promise.all(results.map((r) => r.durable))
    await journal.close()
    const reopened = await Journal.open<Body, unknown>(dir)
    expect(reopened.records.map((r) => r.body.n)).toEqual(Array.from({ length: 300 }, (_, n) => n))
    await reopened.journal.close()
  })

  it('tolerates a torn last line (crash mid-write), drops it, and appends cleanly after', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }, { n: 2 }])
    const whole = await readFile(activeFile(dir), 'utf8')
    const third = JSON.stringify({ seq: 3, at: 'x', prev: 'y', hash: 'z', body: { n: 3 } })
    // Every possible cut of a third line, including a cut just before its newline.
    for (const cut of [1, 10, third.length - 1, third.length]) {
      await writeFile(activeFile(dir), whole + third.slice(0, cut))
      const opened = await Journal.open<Body, unknown>(dir)
      expect(opened.records.map((r) => r.body.n)).toEqual([1, 2])
      expect(opened.repairs[0]).toMatch(/incomplete last line/)
      await opened.journal.append([{ n: 9 }], new Date(0).toISOString()).durable
      await opened.journal.close()
      const again = await Journal.open<Body, unknown>(dir)
      expect(again.records.map((r) => r.body.n)).toEqual([1, 2, 9])
      await again.journal.close()
      await writeFile(activeFile(dir), whole)
    }
  })

  it('tolerates a torn tail of zero bytes (power cut after the size grew)', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }])
    await appendFile(activeFile(dir), Buffer.alloc(64))
    const opened = await Journal.open<Body, unknown>(dir)
    expect(opened.records).toHaveLength(1)
    await opened.journal.close()
  })

  it('detects a checksum mismatch in a complete line (never skips it)', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1, text: 'pay 100' }, { n: 2 }, { n: 3 }])
    const text = await readFile(activeFile(dir), 'utf8')
    await writeFile(activeFile(dir), text.replace('pay 100', 'pay 900'))
    const error = await Journal.open<Body, unknown>(dir).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(JournalCorruptError)
    expect(error).toMatchObject({ line: 1, reason: expect.stringMatching(/checksum/) })
  })

  it('detects tampering even when the tamperer recomputes the edited line’s own hash', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }, { n: 2 }, { n: 3 }])
    const lines = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    const second = JSON.parse(lines[1]!) as { seq: number; at: string; prev: string; body: Body }
    const forgedBody = { n: 20 }
    const forged = {
      ...second,
      body: forgedBody,
      hash: recordHash(second.seq, second.at, second.prev, forgedBody),
    }
    lines[1] = JSON.stringify(forged)
    await writeFile(activeFile(dir), `${lines.join('\n')}\n`)
    const report = await readChain<Body>(dir)
    expect(report.ok).toBe(false)
    expect(report.problem).toMatchObject({
      line: 3,
      reason: expect.stringMatching(/chain is broken/),
    })
  })

  it('detects a deleted or reordered record', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }])
    const lines = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    await writeFile(activeFile(dir), `${[lines[0], lines[2], lines[3]].join('\n')}\n`)
    expect((await readChain<Body>(dir)).problem?.reason).toMatch(/missing or reordered/)
    await writeFile(activeFile(dir), `${[lines[1], lines[0], lines[2], lines[3]].join('\n')}\n`)
    expect((await readChain<Body>(dir)).ok).toBe(false)
  })

  it('checkpoints: snapshot + archive, replays only newer records, keeps the whole chain verifiable', async () => {
    const dir = await fresh()
    const opened = await Journal.open<Body, { total: number }>(dir)
    let total = 0
    for (let n = 1; n <= 5; n++) {
      opened.journal.append([{ n }], new Date(0).toISOString())
      total += n
    }
    const during = opened.journal.checkpoint(() => ({ total }))
    // Appended while the checkpoint runs: must land after it, in the new active file.
    const late = opened.journal.append([{ n: 6 }], new Date(0).toISOString())
    await during
    await late.durable
    await opened.journal.close()

    const reopened = await Journal.open<Body, { total: number }>(dir)
    expect(reopened.snapshot).toEqual({ total: 15 })
    expect(reopened.records.map((r) => r.body.n)).toEqual([6])
    await reopened.journal.close()
    expect(await readdir(join(dir, 'archive'))).toEqual(['journal-000000000001-000000000005.jsonl'])
    const seen: number[] = []
    const report = await readChain<Body>(dir, (r) => seen.push(r.body.n))
    expect(report).toMatchObject({ ok: true, records: 6 })
    expect(seen).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('finishes a checkpoint interrupted between the snapshot and the archive move', async () => {
    const dir = await fresh()
    const opened = await Journal.open<Body, { total: number }>(dir)
    await opened.journal.append([{ n: 1 }, { n: 2 }], new Date(0).toISOString()).durable
    await opened.journal.checkpoint(() => ({ total: 3 }))
    await opened.journal.close()
    // Simulate the crash: put the archived file back as the active one.
    await rename(join(dir, 'archive', 'journal-000000000001-000000000002.jsonl'), activeFile(dir))
    const reopened = await Journal.open<Body, { total: number }>(dir)
    expect(reopened.snapshot).toEqual({ total: 3 })
    expect(reopened.records).toEqual([])
    expect(reopened.repairs[0]).toMatch(/interrupted checkpoint/)
    await reopened.journal.append([{ n: 3 }], new Date(0).toISOString()).durable
    await reopened.journal.close()
    expect((await readChain<Body>(dir)).records).toBe(3)
  })

  it('detects an altered snapshot', async () => {
    const dir = await fresh()
    const opened = await Journal.open<Body, { total: number }>(dir)
    await opened.journal.append([{ n: 1 }], new Date(0).toISOString()).durable
    await opened.journal.checkpoint(() => ({ total: 1 }))
    await opened.journal.close()
    const text = await readFile(join(dir, 'snapshot.json'), 'utf8')
    await writeFile(join(dir, 'snapshot.json'), text.replace('"total":1', '"total":99'))
    await expect(Journal.open(dir)).rejects.toThrow(/snapshot checksum/)
  })

  it('property: any prefix cut of the file replays a prefix of the records', async () => {
    const dir = await fresh()
    await writeRecords(
      dir,
      Array.from({ length: 12 }, (_, n) => ({ n, text: 'é'.repeat(n) })),
    )
    const whole = await readFile(activeFile(dir))
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: whole.length }), async (cut) => {
        await writeFile(activeFile(dir), whole.subarray(0, cut))
        const opened = await Journal.open<Body, unknown>(dir)
        const complete = whole.subarray(0, cut).toString('utf8').split('\n').length - 1
        expect(opened.records.map((r) => r.body.n)).toEqual(
          Array.from({ length: complete }, (_, n) => n),
        )
        await opened.journal.close()
      }),
      { numRuns: 60 },
    )
  })
})

// With the device key: what a cashier who can edit the files (and recompute SHA-256) can no
// longer do. The keychain is in memory here; the head it keeps is what catches deletions and
// older copies.
describe('payout journal sealed with the device key', () => {
  type Sealed = { seal: JournalSeal; integrity: IntegrityService; keychain: MemoryKeychain }
  async function sealed(keychain = new MemoryKeychain()): Promise<Sealed> {
    const integrity = await IntegrityService.open({ keychain })
    return { seal: integrity.journal('live', 'payouts'), integrity, keychain }
  }
  async function write(dir: string, key: Sealed, bodies: Body[]): Promise<void> {
    const { journal } = await Journal.open<Body, unknown>(dir, { seal: key.seal })
    for (const body of bodies) await journal.append([body], '2025-03-10T09:00:00.000Z').durable
    await journal.close()
    await key.integrity.flushed()
  }
  const reopen = async (dir: string, key: Sealed) => {
    const again = await sealed(key.keychain)
    return Journal.open<Body, unknown>(dir, { seal: again.seal })
  }
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e,
    )

  /** Rewrites the file with `edit` applied to the bodies, recomputing every SHA-256 link. */
  async function forge(dir: string, edit: (body: Body, seq: number) => Body): Promise<void> {
    const lines = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    let prev = GENESIS_HASH
    const out = lines.map((line) => {
      const record = JSON.parse(line) as { seq: number; at: string; body: Body; mac?: string }
      const body = edit(record.body, record.seq)
      const hash = recordHash(record.seq, record.at, prev, body)
      const forged = { ...record, prev, hash, body }
      prev = hash
      return JSON.stringify(forged)
    })
    await writeFile(activeFile(dir), `${out.join('\n')}\n`)
  }

  it('reopens what it wrote, with a seal on every record', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1 }, { n: 2 }])
    const opened = await reopen(dir, key)
    expect(opened.records.map((r) => r.body.n)).toEqual([1, 2])
    expect(opened.records.every((r) => /^[0-9a-f]{64}$/.test(r.mac ?? ''))).toBe(true)
    await opened.journal.close()
  })

  it('edit a payout amount or account and recompute the SHA-256 chain: refused', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1, text: 'amount 100 to 0123456789' }, { n: 2 }])
    await forge(dir, (body) => (body.text ? { ...body, text: 'amount 900 to 9999999999' } : body))
    // The plain chain is whole again: SHA-256 alone would accept it.
    expect((await readChain<Body>(dir)).ok).toBe(true)
    const error = await failure(reopen(dir, key))
    expect(error).toBeInstanceOf(JournalCorruptError)
    expect(error).toMatchObject({
      file: 'journal.jsonl',
      line: 1,
      reason: expect.stringMatching(/seal does not match/),
    })
    const report = await readChain<Body>(dir, undefined, key.seal)
    expect(report.ok).toBe(false)
  })

  it('add a record with a recomputed hash but no seal: refused', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1 }])
    const [line] = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    const first = JSON.parse(line!) as { hash: string }
    const at = '2025-03-10T09:00:00.000Z'
    const added = {
      seq: 2,
      at,
      prev: first.hash,
      hash: recordHash(2, at, first.hash, { n: 2 }),
      body: { n: 2 },
    }
    await appendFile(activeFile(dir), `${JSON.stringify(added)}\n`)
    expect(await failure(reopen(dir, key))).toMatchObject({
      reason: expect.stringMatching(/without a seal/),
    })
  })

  it('delete the last records: refused, by the head in the keychain', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1 }, { n: 2 }, { n: 3 }])
    const lines = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    await writeFile(activeFile(dir), `${lines.slice(0, 1).join('\n')}\n`)
    expect(await failure(reopen(dir, key))).toMatchObject({
      reason: expect.stringMatching(/ends at record 1 but this till wrote up to record 3/),
    })
  })

  it('replace the journal with an older copy: refused', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1 }, { n: 2 }])
    const older = await readFile(activeFile(dir), 'utf8')
    await write(dir, key, [{ n: 3 }])
    await writeFile(activeFile(dir), older)
    expect(await failure(reopen(dir, key))).toBeInstanceOf(JournalCorruptError)
  })

  it('an edited snapshot with its checksum recomputed: refused', async () => {
    const dir = await fresh()
    const key = await sealed()
    const opened = await Journal.open<Body, { total: number }>(dir, { seal: key.seal })
    await opened.journal.append([{ n: 1 }], new Date(0).toISOString()).durable
    await opened.journal.checkpoint(() => ({ total: 1 }))
    await opened.journal.close()
    const snap = JSON.parse(await readFile(join(dir, 'snapshot.json'), 'utf8')) as Record<
      string,
      unknown
    >
    const state = { total: 99 }
    const { createHash } = await import('node:crypto')
    const { canonicalJson } = await import('../../../main/kernel/canonicalJson')
    const checksum = createHash('sha256')
      .update(
        canonicalJson({ format: snap.format, seq: snap.seq, hash: snap.hash, at: snap.at, state }),
      )
      .digest('hex')
    await writeFile(join(dir, 'snapshot.json'), JSON.stringify({ ...snap, state, checksum }))
    expect(await failure(reopen(dir, key))).toMatchObject({
      reason: expect.stringMatching(/snapshot does not match its seal/),
    })
  })

  it('adopts a journal from before sealing once, then holds it to the head', async () => {
    const dir = await fresh()
    await writeRecords(dir, [{ n: 1 }, { n: 2 }])
    const key = await sealed()
    const adopted = await Journal.open<Body, unknown>(dir, { seal: key.seal })
    expect(adopted.records).toHaveLength(2)
    await adopted.journal.close()
    await key.integrity.flushed()
    // The unsealed records are covered by the head now: editing one is caught.
    await forge(dir, (body, seq) => (seq === 1 ? { n: 100 } : body))
    expect(await failure(reopen(dir, key))).toBeInstanceOf(JournalCorruptError)
  })

  it('a damaged line that is not the last stops the journal and leaves the file as it was', async () => {
    const dir = await fresh()
    const key = await sealed()
    await write(dir, key, [{ n: 1 }, { n: 2 }])
    const lines = (await readFile(activeFile(dir), 'utf8')).trimEnd().split('\n')
    const damaged = `${lines[0]}\n{"seq":2,"at\n${lines[1]}\n`
    await writeFile(activeFile(dir), damaged)
    expect(await failure(reopen(dir, key))).toMatchObject({ line: 2 })
    expect(await readFile(activeFile(dir), 'utf8')).toBe(damaged)
  })
})
