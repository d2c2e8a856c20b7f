// The integrity building blocks, on an in-memory keychain: device keys made once and kept,
// seals, sealed JSON Lines with the head in the keychain, sealed documents, and what happens
// without a keychain.
import { describe, expect, it } from 'vitest'
import {
  IntegrityService,
  JournalIntegrityError,
  LineChain,
  openSealedDocument,
  readSealedLines,
  sealedDocument,
} from '../../../main/integrity'
import { MemoryKeychain } from '../shell/helpers'

const open = (keychain = new MemoryKeychain()) => IntegrityService.open({ keychain })

async function journalText(integrity: IntegrityService, bodies: unknown[]): Promise<string> {
  const seal = integrity.journal('live', 'collections')
  const chain = new LineChain<unknown>(seal, 'test.lines', seal.anchor?.head ?? undefined)
  const text = bodies.map((body) => chain.line(body)).join('')
  chain.written()
  await integrity.flushed()
  return text
}

const read = (integrity: IntegrityService, text: string) =>
  readSealedLines(text, {
    file: 'collections-live.jsonl',
    domain: 'test.lines',
    seal: integrity.journal('live', 'collections'),
  })

describe('device keys', () => {
  it('are made at first run, kept in the keychain per scope, and reused', async () => {
    const keychain = new MemoryKeychain()
    const first = await open(keychain)
    expect(first.created('till')).toBe(true)
    const accounts = [...keychain.entries.keys()]
    for (const scope of ['till', 'demo', 'sandbox', 'live']) {
      expect(accounts).toContain(`Tilldesk/${scope}|Tilldesk device key`)
    }
    const again = await open(keychain)
    expect(again.created('live')).toBe(false)
    const sealed = first.sealer('live').seal('d', { a: 1 })
    expect(again.sealer('live').check('d', { a: 1 }, sealed)).toBe(true)
    expect(again.sealer('demo').check('d', { a: 1 }, sealed)).toBe(false)
    expect(again.till().check('d', { a: 1 }, sealed)).toBe(false)
  })

  it('without a keychain: memory keys that check nothing, Demo passes, Sandbox/Live refuse in words', async () => {
    const keychain = new MemoryKeychain()
    keychain.available = false
    const integrity = await open(keychain)
    expect(integrity.till().enforced).toBe(false)
    expect(integrity.pepper()).toBeNull()
    expect(() => integrity.requireProtected('demo')).not.toThrow()
    expect(() => integrity.requireProtected('live')).toThrow(/Payouts in Live are off: .*keychain/)
    expect(integrity.findings.list()[0]).toMatchObject({ area: 'keychain' })
  })

  it('refuses a keychain entry that is not a key, rather than replacing it', async () => {
    const keychain = new MemoryKeychain()
    keychain.entries.set('Tilldesk/till|Tilldesk device key', 'not-a-key')
    const integrity = await open(keychain)
    expect(integrity.till().enforced).toBe(false)
    expect(keychain.entries.get('Tilldesk/till|Tilldesk device key')).toBe('not-a-key')
  })
})

describe('sealed JSON Lines', () => {
  it('reads back what it wrote and drops only a torn last line', async () => {
    const integrity = await open()
    const text = await journalText(integrity, [{ n: 1 }, { n: 2 }])
    const result = read(integrity, `${text}{"seq":3,"pr`)
    expect(result.records.map((r) => r.body)).toEqual([{ n: 1 }, { n: 2 }])
    expect(result.tornBytes).toBeGreaterThan(0)
  })

  it('stops at an unreadable line that is not the last, naming the line', async () => {
    const integrity = await open()
    const lines = (await journalText(integrity, [{ n: 1 }, { n: 2 }])).split('\n')
    const text = `${lines[0]}\n{garbage\n${lines[1]}\n`
    expect(() => read(integrity, text)).toThrow(
      /collections-live\.jsonl, line 2: a line that is not readable/,
    )
  })

  it('catches an edited record even with the chain recomputed by hand', async () => {
    const integrity = await open()
    const text = await journalText(integrity, [{ amount: 100 }, { amount: 200 }])
    const edited = text.replace('"amount":100', '"amount":900')
    expect(() => read(integrity, edited)).toThrow(/line 1: a record whose seal does not match/)
  })

  it('catches deleted last records and an older copy through the head in the keychain', async () => {
    const integrity = await open()
    const older = await journalText(integrity, [{ n: 1 }])
    const seal = integrity.journal('live', 'collections')
    const chain = new LineChain<unknown>(seal, 'test.lines', seal.anchor!.head!)
    const newer = older + chain.line({ n: 2 }) + chain.line({ n: 3 })
    chain.written()
    await integrity.flushed()
    expect(read(integrity, newer).records).toHaveLength(3)
    const cut = newer.split('\n').slice(0, 2).join('\n') + '\n'
    expect(() => read(integrity, cut)).toThrow(
      /ends at record 2 but this till wrote up to record 3/,
    )
    expect(() => read(integrity, older)).toThrow(JournalIntegrityError)
  })

  it('catches a file cut at the front', async () => {
    const integrity = await open()
    const text = await journalText(integrity, [{ n: 1 }, { n: 2 }])
    const front = text.split('\n').slice(1).join('\n')
    expect(() => read(integrity, front)).toThrow(/first records of the journal are missing/)
  })
})

describe('sealed documents', () => {
  const options = (integrity: IntegrityService) => ({
    file: 'payments.json',
    domain: 'test.doc',
    seal: integrity.journal('live', 'payments'),
    nameOf: (value: unknown) => (value as { reference: string }).reference,
  })

  it('names the record that was changed, and catches an added one or an older copy', async () => {
    const integrity = await open()
    const seal = integrity.journal('live', 'payments')
    const one = sealedDocument(seal, 'test.doc', 1, [{ reference: 'A', amount: 1 }])
    seal.anchor!.set(one.head)
    const two = sealedDocument(seal, 'test.doc', 2, [
      { reference: 'A', amount: 1 },
      { reference: 'B', amount: 2 },
    ])
    seal.anchor!.set(two.head)
    await integrity.flushed()
    const copy = () => structuredClone(two.document)
    expect(openSealedDocument(copy(), options(integrity)).values).toHaveLength(2)

    const edited = copy()
    ;(edited.entries[1]!.value as { amount: number }).amount = 9
    expect(() => openSealedDocument(edited, options(integrity))).toThrow(
      /record for B does not match/,
    )

    const added = copy()
    added.entries.push(added.entries[0]!)
    expect(() => openSealedDocument(added, options(integrity))).toThrow(
      /added, removed or reordered/,
    )

    expect(() => openSealedDocument(one.document, options(integrity))).toThrow(/older copy/)
  })
})
