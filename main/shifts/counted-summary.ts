// What the sealed Z-reports have counted, kept as one running summary so a report reads one
// file instead of every Z-report of the till's life (each keeps its own keys, store.ts). Written
// after each Z-report is sealed: the keys of every report up to it, the close of the newest
// report of an older build that kept no keys, and that report's number and seal, which bind the
// summary to the chain. Sealed under the shifts' device key with a domain of its own, so an
// edited summary, one from another till, or a Z-report's seal passed off as one is refused.
//
// A report reads the summary and then the Z-reports sealed after it (none, unless a close was
// cut short before the summary was written). A missing summary, one that does not check, or one
// whose report is no longer the one on disk with that seal only means reading every Z-report,
// as before: the keys are never counted twice. A summary put back from an earlier close is
// still right (what came after it is read from the reports).
import { readFileSync } from 'node:fs'
import { writeFileAtomicSync } from '../kernel/atomicFile'
import { COUNTED_DOMAIN, type ShiftSealer } from './sealing'

export interface CountedSummary {
  /** The newest Z-report it covers, and that report's seal. */
  number: number
  zSeal: string
  legacyUntilMs: number | null
  keys: string[]
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

export function writeCountedSummary(
  path: string,
  sealer: ShiftSealer,
  summary: CountedSummary,
): void {
  const body = { format: COUNTED_DOMAIN, ...summary }
  writeFileAtomicSync(path, JSON.stringify({ ...body, seal: sealer.seal(COUNTED_DOMAIN, body) }))
}

/**
 * The summary at `path`: `summary` null and `refused` null when there is none; `refused` says
 * why in words when the file does not read or check (the caller then reads every report).
 */
export function readCountedSummary(
  path: string,
  sealer: ShiftSealer,
): { summary: CountedSummary | null; refused: string | null } {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { summary: null, refused: null }
    return { summary: null, refused: 'the file does not read' }
  }
  if (!isObject(value) || value.format !== COUNTED_DOMAIN)
    return { summary: null, refused: 'the file is not a summary' }
  const { seal, ...body } = value
  if (!sealer.matches(COUNTED_DOMAIN, body, seal))
    return { summary: null, refused: 'its seal does not match' }
  const { number, zSeal, legacyUntilMs, keys } = body
  if (
    typeof number !== 'number' ||
    !Number.isSafeInteger(number) ||
    number < 1 ||
    typeof zSeal !== 'string' ||
    !(legacyUntilMs === null || typeof legacyUntilMs === 'number') ||
    !Array.isArray(keys) ||
    !keys.every((k) => typeof k === 'string')
  )
    return { summary: null, refused: 'the file is not a summary' }
  return { summary: { number, zSeal, legacyUntilMs, keys: keys as string[] }, refused: null }
}
