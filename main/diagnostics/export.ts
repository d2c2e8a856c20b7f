// "Export diagnostics": one zip an admin can send to support, with nothing in it that could
// move money or sign anyone in. It holds the versions, the settings without secrets (no key
// secrets exist in settings; staff appear by role and count, never with PIN hashes), the
// recent logs (scrubbed when written, and again here), the journal-integrity findings and the
// updater's state. Crash dumps are left out: they are memory images and may hold anything.
// fflate builds the zip in memory: pure JavaScript, no native code, well kept.
import { readFileSync, statSync } from 'node:fs'
import { basename } from 'node:path'
import { strToU8, zipSync, type Zippable } from 'fflate'
import { redact } from '../kernel/log'

/** The newest part of each log file; enough for support, bounded for the IPC reply. */
export const LOG_TAIL_BYTES = 512 * 1024

export interface DiagnosticsInput {
  versions: unknown
  settings: unknown
  updates: unknown
  /** Journal-integrity findings (main/integrity), or null where this build has none. */
  integrity: unknown[] | null
  logFiles: string[]
  now: Date
}

export interface DiagnosticsZip {
  filename: string
  bytes: Uint8Array
  entries: string[]
}

const json = (value: unknown) => strToU8(`${JSON.stringify(redact(value), null, 2)}\n`)

export function buildDiagnostics(input: DiagnosticsInput): DiagnosticsZip {
  const files: Zippable = {
    'versions.json': json(input.versions),
    'settings.json': json(input.settings),
    'updates.json': json(input.updates),
    'integrity.json': json(
      input.integrity ?? { note: 'This build keeps no journal-integrity findings.' },
    ),
  }
  for (const file of input.logFiles) files[`logs/${basename(file)}`] = strToU8(logTail(file))
  const stamp = input.now.toISOString().replace(/[:.]/g, '-')
  return {
    filename: `tilldesk-diagnostics-${stamp}.zip`,
    bytes: zipSync(files, { level: 6, mtime: input.now }),
    entries: Object.keys(files),
  }
}

function logTail(file: string): string {
  try {
    const size = statSync(file).size
    const data = readFileSync(file)
    const tail = data.subarray(Math.max(0, size - LOG_TAIL_BYTES)).toString('utf8')
    // Logs were scrubbed as they were written; scrub again in case a line predates that.
    return tail
      .split('\n')
      .map((line) => redact(line) as string)
      .join('\n')
  } catch (error) {
    return `(could not read ${basename(file)}: ${error instanceof Error ? error.message : String(error)})\n`
  }
}
