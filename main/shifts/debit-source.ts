// Direct debits for the shift reports, read-only from the journal main/mandates keeps of them
// (gateway/<environment>/debits.json, sealed like every journal: main/payments/journal.ts).
// Like sources.ts, nothing here writes, locks or compacts, every seal is checked with the
// environment's device key, and a journal that can't be read or fails its check is a warning
// on the report, not a stop. The journal drops finished debits first once it holds 20,000,
// so the books (books.ts) keep each settled one until a sealed Z-report has counted it.
import { basename, dirname, join } from 'node:path'
import type { Environment } from '../../common/ipc/shared'
import { isCurrency, type Minor } from '../../common/money'
import { JournalIntegrityError, openSealedDocument, type JournalSeal } from '../integrity'
import { fileStorage } from '../payments/journal'
import type { Activity, DebitFact } from './activity'
import type { SettledSource } from './books'
import type { ActivitySource } from './sources'

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const isMinor = (v: unknown): v is Minor => typeof v === 'number' && Number.isSafeInteger(v)
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** Statuses after which a debit's outcome is known (main/mandates/mandate-entries.ts). */
const FINAL = new Set(['success', 'failed', 'not_sent', 'not_paid'])

export const debitsPath = (dataDir: string, environment: Environment) =>
  join(dataDir, 'gateway', environment, 'debits.json')

/** One journal entry as the report counts it; null when it is not what the journal writes. */
export function debitFact(v: unknown): DebitFact | null {
  if (!isObject(v) || typeof v.paymentReference !== 'string' || typeof v.status !== 'string')
    return null
  if (!isMinor(v.amount) || !isCurrency(v.currency) || typeof v.createdAt !== 'string') return null
  return {
    reference: v.paymentReference,
    status: v.status,
    amount: v.amount,
    currency: v.currency,
    createdAt: v.createdAt,
    completedAt: text(v.completedAt),
    chargedBy: text(v.chargedBy),
    // Its answer was lost and nobody decided it: the journal's status is not the outcome.
    unknown: isObject(v.uncertainty) && !isObject(v.resolution) && !FINAL.has(v.status),
  }
}

/** The debits journal's entries, every seal checked (throws JournalIntegrityError in words). */
export function readDebits(path: string, seal: JournalSeal): DebitFact[] {
  // The journal's own storage reads it: no file is an empty list, bad JSON an integrity error.
  const stored = fileStorage(dirname(path), basename(path, '.json')).load()
  const values = openSealedDocument(stored, {
    file: basename(path),
    domain: 'debits.journal.v1',
    seal,
  }).values
  return values.flatMap((v) => debitFact(v) ?? [])
}

/**
 * `source` with each environment's direct debits added, in what it reads and in what it
 * hands the books as settled.
 */
export function withDebits<S extends ActivitySource & SettledSource>(
  source: S,
  dataDir: string,
  sealOf: (environment: Environment) => JournalSeal,
): S {
  const add = (environment: Environment, activity: Pick<Activity, 'debits' | 'warnings'>) => {
    try {
      activity.debits.push(...readDebits(debitsPath(dataDir, environment), sealOf(environment)))
    } catch (error) {
      const reason = error instanceof JournalIntegrityError ? ` (${error.reason})` : ''
      activity.warnings.push(
        `Direct debits could not be read or did not pass their check${reason}; they are left out of this report.`,
      )
    }
  }
  return {
    ...source,
    async read(environment) {
      const activity = await source.read(environment)
      add(environment, activity)
      return activity
    },
    async settled(environment) {
      const settled = await source.settled(environment)
      const activity = { ...settled, debits: [...settled.debits], warnings: [] }
      add(environment, activity)
      return activity
    },
  }
}
