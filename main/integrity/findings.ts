// What failed an integrity check, in words, for the admin: which file, which record, what is
// wrong and what Tilldesk does about it. The list lives in memory and is rebuilt at every
// start (each store reports what it finds when it loads), so a fixed file stops being shown.
import type { IntegrityArea, IntegrityFinding } from '../../common/ipc/settings'

export type { IntegrityFinding, IntegrityArea }

export type FindingInput = Omit<IntegrityFinding, 'at'>

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
