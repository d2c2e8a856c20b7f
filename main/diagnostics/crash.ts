// Crash reporting consent, in `<data>/crash-reporting.json`. Electron always writes crash
// dumps locally (the crashReporter starts with uploadToServer: false); they leave the computer
// only after the admin turns this on and gives the address. The address decides where dumps
// go, so the file is sealed with the till's device key and anchored in the keychain
// (main/integrity/sealed-file.ts): a missing, damaged, unsealed, edited or older file means
// "off", with a finding for the admin.
import { join } from 'node:path'
import type { CrashReportingView } from '../../common/ipc/app'
import { CrashReportingInput } from '../../common/ipc/app'
import { SealedFile, type JournalSeal } from '../integrity'

export const CRASH_REPORTING_FILE = 'crash-reporting.json'
export const CRASH_REPORTING_OFF: CrashReportingView = { upload: false, url: null }

const file = (dir: string, seal: JournalSeal | null) =>
  new SealedFile<CrashReportingView>(join(dir, CRASH_REPORTING_FILE), {
    domain: 'crash-reporting.v1',
    schema: CrashReportingInput,
    seal,
    fallback: 'crash reports stay on this computer (reporting off)',
  })

/** The admin's verified choice; anything that fails its check reads as off. */
export function readCrashReporting(dir: string, seal: JournalSeal | null): CrashReportingView {
  return file(dir, seal).read().value ?? { ...CRASH_REPORTING_OFF }
}

export function writeCrashReporting(
  dir: string,
  value: CrashReportingView,
  seal: JournalSeal | null,
): CrashReportingView {
  file(dir, seal).write(value)
  return { ...value }
}
