// What the host tells About and diagnostics about this copy: its version, the runtime and
// where its files are. Electron's main fills it from `app` and `process.versions`; the
// preview and tests use nodeHost(), which reads the version from package.json.
import { readFileSync } from 'node:fs'
import { arch, platform, release } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface HostInfo {
  version: string
  electron: string | null
  chrome: string | null
  /** The generated licence list (scripts/licences.ts), shipped next to the main bundle. */
  licencesFile: string
  /** Sends crash reports, or stops sending them (Electron's crashReporter); none in Node. */
  setCrashUpload?: (upload: boolean, url: string | null) => void
}

/** The repository root, seen from this file (main/diagnostics/). */
const repositoryRoot = () => join(fileURLToPath(new URL('.', import.meta.url)), '../..')

export function nodeHost(root: string = repositoryRoot()): HostInfo {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  return {
    version: pkg.version,
    electron: null,
    chrome: null,
    licencesFile: join(root, 'out/licences.json'),
  }
}

export const osDescription = () => `${platform()} ${release()} (${arch()})`
