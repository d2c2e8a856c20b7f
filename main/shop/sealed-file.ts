// The shop's own files of what it pulled (inbox, refused events, the server order of this
// till's events) as sealed, chained JSON Lines with their head in the keychain: the same
// mechanism as the journals (main/integrity chain.ts, anchor.ts). A line is sealed when this
// till keeps it, that is right after sync checked the event's signature against its till's
// pinned key, so a line appended by hand, an edited one, a trimmed file or an older copy no
// longer checks. A new file starts with a sealed checkpoint, so its head is in the keychain
// from the first moment and a file written by hand beside it never passes as an empty one.
//
// Everything in these files can be had again from the server, so a file that does not check
// is never trusted and never needed: it is set aside as it is (renamed, for whoever looks into
// it), the admin is told in words, and the caller pulls from the start again. A file from
// before sealing is set aside the same way: it is not adopted, since the keychain holds
// nothing that says this till wrote it.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  truncateSync,
} from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Logger } from '../kernel/log'
import {
  GENESIS,
  JournalIntegrityError,
  keyedFinding,
  LineChain,
  readSealedLines,
  type IntegrityService,
  type JournalSeal,
} from '../integrity'

export interface SealedShopFileOptions {
  path: string
  /** Separates this file's seals from every other's. */
  domain: string
  seal: JournalSeal
  /** A file that did not check, in words, and the name it was kept under. */
  onSetAside: (reason: string, keptAs: string) => void
  now?: () => number
}

export class SealedShopFile<T> {
  readonly #o: SealedShopFileOptions
  readonly #records: T[] = []
  #chain: LineChain<T>
  /** The file did not check and was set aside: what it held must be pulled again. */
  readonly setAside: boolean

  constructor(options: SealedShopFileOptions) {
    this.#o = options
    const { path, domain, seal } = options
    const head = seal.anchor?.head ?? null
    let problem: string | undefined
    if (existsSync(path)) {
      try {
        const text = readFileSync(path, 'utf8')
        const read = readSealedLines<T>(text, { file: basename(path), domain, seal })
        if (read.legacy.length > 0) {
          problem = 'it holds lines without seals (written by hand, or by a version before seals)'
        } else {
          if (read.tornBytes > 0) truncateSync(path, read.goodBytes)
          for (const record of read.records) this.#records.push(record.body)
          this.#chain = new LineChain<T>(seal, domain, read.head)
          this.setAside = false
          return
        }
      } catch (error) {
        problem =
          error instanceof JournalIntegrityError ? error.reason : 'the file could not be read'
      }
    } else if (head && head.seq > 0) {
      problem = 'the file was deleted, though this till had written to it'
    }
    this.setAside = problem !== undefined
    if (this.setAside && existsSync(path)) {
      const keptAs = `${path}.set-aside-${(options.now ?? Date.now)()}`
      renameSync(path, keptAs)
      options.onSetAside(problem ?? '', basename(keptAs))
    } else if (problem !== undefined) {
      options.onSetAside(problem, basename(path))
    }
    // A new file carries the chain on from the keychain's head (or starts one), so the head
    // always says what this till wrote.
    this.#chain = new LineChain<T>(seal, domain, head ?? { seq: 0, hash: GENESIS })
    this.#write(this.#chain.checkpoint())
  }

  get records(): readonly T[] {
    return this.#records
  }

  /** Seals and appends `items`, then tells the keychain the new head. */
  append(items: readonly T[]): void {
    if (items.length === 0) return
    this.#write(items.map((item) => this.#chain.line(item)).join(''))
    this.#records.push(...items)
  }

  #write(text: string): void {
    mkdirSync(dirname(this.#o.path), { recursive: true, mode: 0o700 })
    appendFileSync(this.#o.path, text, { mode: 0o600 })
    this.#chain.written()
  }
}

/**
 * `<dir>/<name>.jsonl`, sealed under the till's key with its head in the keychain
 * (`shop-<name>`, integrity/service.ts TILL_RECORDS); one that fails is reported in words.
 */
export function shopFile<T>(
  dir: string,
  name: 'inbox' | 'refused' | 'own-order',
  integrity: IntegrityService,
  log: Logger,
): SealedShopFile<T> {
  return new SealedShopFile<T>({
    path: join(dir, `${name}.jsonl`),
    domain: `shop.${name}`,
    seal: integrity.journal('till', `shop-${name}`),
    onSetAside: (reason, keptAs) => {
      log.info('shop: a file was set aside; its events are pulled again', { name })
      integrity.findings.report(
        keyedFinding({
          area: 'shop',
          file: `shop/${name}.jsonl`,
          record: null,
          problem: { key: 'integrity.shop.file' },
          consequence: { key: 'integrity.shop.fileThen', params: { keptAs } },
          detail: reason,
        }),
      )
    },
  })
}
