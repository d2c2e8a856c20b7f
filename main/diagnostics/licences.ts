// Reads the licence list scripts/licences.ts wrote at build time. Tolerant: a missing or
// damaged file gives an empty list with the reason, never a broken About screen; one bad
// entry is skipped, not the whole list.
import { readFileSync } from 'node:fs'
import type { LicenceEntry } from '../../common/ipc/app'

export interface LicenceList {
  generatedAt: string | null
  entries: LicenceEntry[]
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

export function readLicences(file: string): LicenceList {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return { generatedAt: null, entries: [] }
  }
  const record = (raw ?? {}) as { generatedAt?: unknown; packages?: unknown }
  const packages = Array.isArray(record.packages) ? (record.packages as unknown[]) : []
  const entries: LicenceEntry[] = []
  for (const item of packages) {
    const entry = (item ?? {}) as Record<string, unknown>
    const name = text(entry.name)
    const version = text(entry.version)
    if (!name || !version) continue
    entries.push({
      name,
      version,
      license: text(entry.license) ?? 'UNKNOWN',
      repository: text(entry.repository),
      text: text(entry.text),
    })
  }
  return { generatedAt: text(record.generatedAt), entries }
}
