// About and support, wired into the composition root: the `app.*` channels of
// common/ipc/app.ts.
import type { JournalSeal } from '../integrity'
import { cpus, totalmem } from 'node:os'
import type { appChannels, CrashReportingView } from '../../common/ipc/app'
import type { UserRole } from '../../common/ipc/contract'
import type { CoreServices } from '../compose/core'
import type { FeatureInstance } from '../kernel/module'
import type { Handlers } from '../ipc/handlers'
import { toSettingsView } from '../settings/view'
import { readCrashReporting, writeCrashReporting } from './crash'
import { buildDiagnostics } from './export'
import { osDescription, type HostInfo } from './host'
import { readLicences } from './licences'

export interface SupportDeps {
  core: Pick<CoreServices, 'settings' | 'dataDir' | 'log' | 'now'>
  host: HostInfo
  /** The log files, newest first (main/kernel/log.ts fileLog().files). */
  logFiles: () => string[]
  /** Journal-integrity findings, where the integrity service keeps them. */
  integrityFindings?: () => unknown[]
  /** The updater's state, for the diagnostics. */
  updates?: () => unknown
  /** The till's seal and head for crash-reporting.json (main/integrity). */
  crashSeal?: JournalSeal | null
}

export interface Support extends FeatureInstance {
  handlers: Handlers<typeof appChannels>
}

export function createSupport(deps: SupportDeps): Support {
  const { core, host } = deps
  const runtime = () => ({
    electron: host.electron,
    chrome: host.chrome,
    node: process.versions.node,
    v8: process.versions.v8,
    os: osDescription(),
  })
  const crashSeal = deps.crashSeal ?? null
  let crash: CrashReportingView = readCrashReporting(core.dataDir, crashSeal)
  host.setCrashUpload?.(crash.upload, crash.url)

  const handlers: Handlers<typeof appChannels> = {
    'app.about': () => {
      const licences = readLicences(host.licencesFile)
      return {
        name: 'Tilldesk',
        version: host.version,
        runtime: runtime(),
        environment: core.settings.get().environment,
        licences: licences.entries,
        licencesGeneratedAt: licences.generatedAt,
      }
    },
    'app.exportDiagnostics': () => {
      const settings = core.settings.get()
      const staff: Record<UserRole, number> = { cashier: 0, supervisor: 0, admin: 0 }
      for (const user of settings.users) staff[user.role] += 1
      const zip = buildDiagnostics({
        versions: {
          tilldesk: host.version,
          ...runtime(),
          cpus: cpus().length,
          memoryMiB: Math.round(totalmem() / 1024 / 1024),
        },
        settings: { ...toSettingsView(settings), staff, crashReporting: crash },
        updates: deps.updates?.() ?? null,
        integrity: deps.integrityFindings?.() ?? null,
        logFiles: deps.logFiles(),
        now: new Date(core.now()),
      })
      core.log.info('diagnostics exported', { entries: zip.entries })
      return {
        filename: zip.filename,
        base64: Buffer.from(zip.bytes).toString('base64'),
        entries: zip.entries,
      }
    },
    'app.crashReporting': () => ({ ...crash }),
    'app.setCrashReporting': (input) => {
      crash = writeCrashReporting(core.dataDir, { upload: input.upload, url: input.url }, crashSeal)
      host.setCrashUpload?.(crash.upload, crash.url)
      core.log.info('crash reporting changed', { upload: crash.upload })
      return { ...crash }
    },
  }
  return { handlers }
}
