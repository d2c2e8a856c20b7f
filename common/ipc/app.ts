// The app itself: About (version, environment, licences of what ships inside it) and support
// without secrets (diagnostics export, crash-report consent).
import * as z from 'zod'
import { defineChannels, defineEvents, returns } from './contract'
import { NoInput, type Environment } from './shared'

/** One production dependency bundled in the app, as scripts/licences.ts found it at build time. */
export interface LicenceEntry {
  name: string
  version: string
  /** SPDX expression from its package.json ("MIT", "(MIT OR Apache-2.0)"), or "UNKNOWN". */
  license: string
  repository: string | null
  /** The package's own LICENSE/NOTICE text, when it ships one. */
  text: string | null
}

export interface AboutInfo {
  name: string
  version: string
  /** What this copy runs on. Electron and Chrome are null outside Electron (the preview). */
  runtime: {
    electron: string | null
    chrome: string | null
    node: string
    v8: string
    os: string
  }
  /** The gateway environment the till is on. */
  environment: Environment
  licences: LicenceEntry[]
  /** When the licence list was generated (build time), or null if this build has none. */
  licencesGeneratedAt: string | null
}

export interface DiagnosticsExport {
  filename: string
  /** The zip, base64. */
  base64: string
  /** What went in, for the confirmation message. */
  entries: string[]
}

export interface CrashReportingView {
  /** Crash dumps are always kept on this computer; sent only when this is true. */
  upload: boolean
  url: string | null
}

export const CrashReportingInput = z
  .strictObject({
    upload: z.boolean(),
    url: z
      .string()
      .trim()
      .max(500)
      .refine((text) => {
        try {
          return new URL(text).protocol === 'https:'
        } catch {
          return false
        }
      }, 'Enter the https:// address crash reports go to.')
      .nullable(),
  })
  .refine((value) => !value.upload || value.url !== null, {
    message: 'Sending crash reports needs the address they go to.',
    path: ['url'],
  })

export const appChannels = defineChannels({
  'app.about': {
    input: NoInput,
    result: returns<AboutInfo>(),
    role: 'public',
    summary: 'Version, runtime, environment and the licences of bundled dependencies.',
  },
  'app.exportDiagnostics': {
    input: NoInput,
    result: returns<DiagnosticsExport>(),
    role: 'admin',
    summary:
      'A zip of versions, settings without secrets, recent logs and journal-integrity results.',
  },
  'app.crashReporting': {
    input: NoInput,
    result: returns<CrashReportingView>(),
    role: 'admin',
    summary: 'Whether crash reports leave this computer.',
  },
  'app.setCrashReporting': {
    input: CrashReportingInput,
    result: returns<CrashReportingView>(),
    role: 'admin',
    summary: 'Opts in or out of sending crash reports (off unless the admin turns it on).',
  },
})

export const appEvents = defineEvents({})
