// Crash reporting consent, in `<data>/crash-reporting.json`. Electron always writes crash
// dumps locally (the crashReporter starts with uploadToServer: false); they leave the computer
// only after the admin turns this on and gives the address. A missing or damaged file means
// "off".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { CrashReportingView } from '../../common/ipc/app'
import { CrashReportingInput } from '../../common/ipc/app'
import { writeFileAtomicSync } from '../app/atomicFile'

export const CRASH_REPORTING_FILE = 'crash-reporting.json'
export const CRASH_REPORTING_OFF: CrashReportingView = { upload: false, url: null }

export function readCrashReporting(dir: string): CrashReportingView {
  try {
    const parsed = CrashReportingInput.safeParse(
      JSON.parse(readFileSync(join(dir, CRASH_REPORTING_FILE), 'utf8')),
    )
    return parsed.success ? parsed.data : { ...CRASH_REPORTING_OFF }
  } catch {
    return { ...CRASH_REPORTING_OFF }
  }
}

export function writeCrashReporting(dir: string, value: CrashReportingView): CrashReportingView {
  writeFileAtomicSync(join(dir, CRASH_REPORTING_FILE), `${JSON.stringify(value, null, 2)}\n`)
  return { ...value }
}
