// A small settings file of one feature (update source, crash reporting, shift settings),
// sealed with the till's device key and anchored against rollback: the file holds
// `{format, generation, value, seal}`, and the generation with its seal is the head kept in
// the keychain. What fails (no seal, an edit, an older or other copy, a missing file this
// till wrote) is ignored with a finding in words, and the feature falls back to its safe
// default; nothing unverified is ever used. A file from before sealing is adopted only
// where IntegrityService allows it (mayAdopt).
import { readFileSync } from 'node:fs'
import type * as z from 'zod'
import { writeFileAtomicSync } from '../kernel/atomicFile'
import { mayAdopt, NOT_ADOPTED, type JournalSeal } from './service'

export const SEALED_FILE_FORMAT = 'tilldesk.sealed-file.v1'

export interface SealedFileOptions<T> {
  /** Seal domain: one per file, so one file's seal never passes as another's. */
  domain: string
  schema: z.ZodType<T>
  /** Null: nothing is checked (a store tested alone). */
  seal: JournalSeal | null
  /** What the feature does instead, in words, for the finding ("the build's feed is used"). */
  fallback: string
}

export interface SealedRead<T> {
  /** The verified value, or null: use the default. */
  value: T | null
  /** Why the file was ignored, or null. */
  problem: string | null
}

export class SealedFile<T> {
  #generation = 0

  constructor(
    readonly path: string,
    private readonly options: SealedFileOptions<T>,
  ) {}

  /** Reads and checks the file; what fails is reported and ignored (value null). */
  read(): SealedRead<T> {
    const problem = this.#problem()
    if (typeof problem !== 'string') return { value: problem.value, problem: null }
    this.options.seal?.report?.({
      file: this.path,
      line: null,
      reason: `${problem}; it is ignored and ${this.options.fallback}`,
    })
    return { value: null, problem }
  }

  #problem(): string | { value: T | null } {
    const { schema, seal, domain } = this.options
    const head = seal?.anchor?.head ?? null
    let raw: unknown
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return head ? 'the file is missing, but this till wrote one' : { value: null }
      }
      return 'the file is not readable'
    }
    const file = raw as { format?: unknown; generation?: unknown; value?: unknown; seal?: unknown }
    if (typeof file !== 'object' || file === null || file.format !== SEALED_FILE_FORMAT) {
      // A file from before sealing: taken (and sealed) only where the till may adopt.
      const legacy = schema.safeParse(raw)
      if (!seal) return legacy.success ? { value: legacy.data } : 'the file is not valid'
      if (legacy.success && !head && mayAdopt(seal)) {
        if (seal.sealer.enforced) this.write(legacy.data)
        return { value: legacy.data }
      }
      return head ? 'the file has no seal, but this till seals it on every change' : NOT_ADOPTED
    }
    const generation = typeof file.generation === 'number' ? file.generation : -1
    const parsed = schema.safeParse(file.value)
    if (!parsed.success || generation < 1) return 'the file is not valid'
    if (seal?.sealer.enforced) {
      if (!seal.sealer.check(domain, { generation, value: file.value }, file.seal)) {
        return 'the file was changed outside Tilldesk (it does not match its seal)'
      }
      if (head && generation < head.seq) {
        return `the file is an older copy (version ${generation}; this till last wrote version ${head.seq})`
      }
      if (head && generation === head.seq && file.seal !== head.hash) {
        return 'the file was replaced by another copy'
      }
      if (!head && !mayAdopt(seal)) {
        return 'the file is sealed but the keychain has no record of this till writing it (it came from another till or data folder)'
      }
    }
    this.#generation = generation
    return { value: parsed.data }
  }

  /** Writes `value` sealed as the next generation and records the head in the keychain. */
  write(value: T): void {
    const seal = this.options.seal
    const generation = Math.max(this.#generation, seal?.anchor?.head?.seq ?? 0) + 1
    const mac = seal?.sealer.seal(this.options.domain, { generation, value }) ?? ''
    const text = JSON.stringify({ format: SEALED_FILE_FORMAT, generation, value, seal: mac })
    writeFileAtomicSync(this.path, `${text}\n`)
    this.#generation = generation
    if (seal?.sealer.enforced) seal.anchor?.set({ seq: generation, hash: mac })
  }
}
