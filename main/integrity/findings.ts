// What failed an integrity check, in words, for the admin: which file, which record, what is
// wrong and what Tilldesk does about it. The list lives in memory and is rebuilt at every
// start (each store reports what it finds when it loads), so a fixed file stops being shown.
import type { Said } from '../../common/ipc/contract'
import type { IntegrityArea, IntegrityFinding } from '../../common/ipc/settings'
import { english } from '../kernel/errors'

export type { IntegrityFinding, IntegrityArea }

export type FindingInput = Omit<IntegrityFinding, 'at'>

/** A finding in words of main's table (`integrity.*`, common/words/integrity.ts). */
export interface FindingWords {
  area: IntegrityArea
  /** A path as it is (nobody's language), or words. */
  file: string | Said
  record: string | Said | null
  problem: Said
  consequence: Said
  /** An engineer's detail (an exception's text, a bad line): the English field and the log only. */
  detail?: string | null
}

/**
 * The finding with each part keyed beside main's English, worded from the same sentence
 * (`english`), so the log and a French screen say one thing; the detail follows the English.
 */
export function keyedFinding(words: FindingWords): FindingInput {
  const { area, file, record, problem, consequence, detail } = words
  const said = english(problem)
  return {
    area,
    file: typeof file === 'string' ? file : english(file),
    record: record === null || typeof record === 'string' ? record : english(record),
    problem: detail ? `${said} Here: ${detail.replace(/[.\s]+$/, '')}.` : said,
    consequence: english(consequence),
    ...(typeof file === 'string' ? {} : { fileSay: file }),
    ...(record === null || typeof record === 'string' ? {} : { recordSay: record }),
    problemSay: problem,
    consequenceSay: consequence,
  }
}

export class IntegrityFindings {
  readonly #findings = new Map<string, IntegrityFinding>()
  readonly #listeners = new Set<(findings: IntegrityFinding[]) => void>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a finding; the same area, file and record reported again replaces the old one. */
  report(finding: FindingInput): void {
    const key = `${finding.area}|${finding.file}|${finding.record ?? ''}`
    this.#findings.set(key, { ...finding, at: new Date(this.now()).toISOString() })
    this.#changed()
  }

  /** Forgets what was reported for `area` (and `file`), e.g. before a store reloads. */
  clear(area: IntegrityArea, file?: string): void {
    let changed = false
    for (const [key, finding] of this.#findings) {
      if (finding.area === area && (file === undefined || finding.file === file)) {
        this.#findings.delete(key)
        changed = true
      }
    }
    if (changed) this.#changed()
  }

  list(): IntegrityFinding[] {
    return [...this.#findings.values()].sort(
      (a, b) => a.area.localeCompare(b.area) || a.file.localeCompare(b.file),
    )
  }

  onChange(listener: (findings: IntegrityFinding[]) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #changed(): void {
    const list = this.list()
    for (const listener of this.#listeners) listener(list)
  }
}
