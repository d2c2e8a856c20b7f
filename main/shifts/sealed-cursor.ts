// The file a cursor is kept in (collections-cursor.ts, payouts-cursor.ts): JSON with a format
// name, sealed under the journal's device key, written whole and atomically after a Z-report.
// An edited, foreign or unreadable file is refused with the reason in words; the caller then
// reads its journal from the start.
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { JournalSeal } from '../integrity'
import { writeFileAtomicSync } from '../kernel/atomicFile'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** Writes `cursor` under `format`, which is also its seal's domain. */
export function writeSealedCursor(
  path: string,
  seal: JournalSeal,
  format: string,
  cursor: object,
): void {
  const body = { format, ...cursor }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  writeFileAtomicSync(path, JSON.stringify({ ...body, seal: seal.sealer.seal(format, body) }))
}

/**
 * The sealed body kept at `path`: `body` null and `refused` null when there is none (no
 * Z-report yet); `refused` says why, in words, when the file does not read or check.
 */
export function openSealedCursor(
  path: string,
  seal: JournalSeal,
  format: string,
): { body: Record<string, unknown> | null; refused: string | null } {
  if (!existsSync(path)) return { body: null, refused: null }
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return { body: null, refused: 'the file does not read' }
  }
  if (!isObject(value) || value.format !== format)
    return { body: null, refused: 'the file is not a cursor' }
  const { seal: sealed, ...body } = value
  if (!seal.sealer.check(format, body, sealed))
    return { body: null, refused: 'its seal does not match' }
  return { body, refused: null }
}
