// A sealed whole-file document: for stores rewritten whole and atomically (the payments,
// refunds and mandates journals). Each entry carries its own seal, so a failure can name the
// record; the file carries a seal over the generation number and the entries' seals, so an
// added, removed or reordered entry is caught; and the generation with that seal is the head
// kept in the keychain, so an older copy of the file is caught too.
import type { ChainHead } from './anchor'
import { checkHead, JournalIntegrityError } from './chain'
import { mayAdopt, NOT_ADOPTED, type JournalSeal } from './service'

export const DOCUMENT_FORMAT = 'tilldesk.sealed.v1'

export interface SealedDocument {
  format: typeof DOCUMENT_FORMAT
  generation: number
  entries: Array<{ value: unknown; seal: string }>
  seal: string
}

const fileSeal = (generation: number, seals: string[]) => ({ generation, seals })

/** Builds the document to write for `values` as generation `generation`. */
export function sealedDocument(
  seal: JournalSeal,
  domain: string,
  generation: number,
  values: readonly unknown[],
): { document: SealedDocument; head: ChainHead } {
  const entries = values.map((value) => ({ value, seal: seal.sealer.seal(domain, value) }))
  const top = seal.sealer.seal(
    `${domain}.file`,
    fileSeal(
      generation,
      entries.map((e) => e.seal),
    ),
  )
  return {
    document: { format: DOCUMENT_FORMAT, generation, entries, seal: top },
    head: { seq: generation, hash: top },
  }
}

export interface OpenedDocument {
  values: unknown[]
  generation: number
  /** The file held a plain array from before sealing (adopted: rewrite it sealed). */
  legacy: boolean
}

/**
 * Checks a parsed document. `nameOf` names an entry in messages (e.g. its reference). A plain
 * array (a file from before sealing) is accepted only while the keychain has no head for it.
 */
export function openSealedDocument(
  parsed: unknown,
  options: {
    file: string
    domain: string
    seal: JournalSeal
    nameOf?: (value: unknown) => string | null
  },
): OpenedDocument {
  const { file, domain, seal } = options
  if (Array.isArray(parsed)) {
    if (seal.sealer.enforced && seal.anchor?.head) {
      throw new JournalIntegrityError(
        file,
        null,
        'the file was replaced by one without seals (this till seals every record)',
      )
    }
    // No file yet reads as an empty list: there is nothing to adopt.
    if (parsed.length > 0 && !mayAdopt(seal)) {
      throw new JournalIntegrityError(file, null, NOT_ADOPTED)
    }
    return { values: parsed, generation: 0, legacy: true }
  }
  const doc = parsed as Partial<SealedDocument> | null
  if (
    typeof doc !== 'object' ||
    doc === null ||
    doc.format !== DOCUMENT_FORMAT ||
    typeof doc.generation !== 'number' ||
    !Array.isArray(doc.entries) ||
    typeof doc.seal !== 'string'
  ) {
    throw new JournalIntegrityError(file, null, 'the file is not a Tilldesk journal')
  }
  const seals: string[] = []
  doc.entries.forEach((entry: unknown, index) => {
    const e = entry as { value?: unknown; seal?: unknown } | null
    if (!e || typeof e !== 'object' || !('value' in e) || typeof e.seal !== 'string') {
      throw new JournalIntegrityError(file, null, `entry ${index + 1} is not readable`)
    }
    if (!seal.sealer.check(domain, e.value, e.seal)) {
      const name = options.nameOf?.(e.value) ?? null
      throw new JournalIntegrityError(
        file,
        null,
        `${name ? `the record for ${name}` : `entry ${index + 1}`} does not match its seal (it was changed, or not written by this till)`,
      )
    }
    seals.push(e.seal)
  })
  if (!seal.sealer.check(`${domain}.file`, fileSeal(doc.generation, seals), doc.seal)) {
    throw new JournalIntegrityError(
      file,
      null,
      'records were added, removed or reordered since this till wrote the file',
    )
  }
  if (seal.anchor) checkHead(file, [{ seq: doc.generation, hash: doc.seal }], seal.anchor)
  return {
    values: doc.entries.map((e) => (e as { value: unknown }).value),
    generation: doc.generation,
    legacy: false,
  }
}
