// The update feed in plain Node: reads electron-builder's channel file (latest.yml…) from a
// generic URL with electron-updater's own parser, compares versions with semver, downloads
// the installer for this platform and checks its SHA-512 against the file's entry. The
// preview and the tests use it; the app uses electron-updater itself (electron.ts), which
// reads the same files and also checks the Windows publisher and the macOS code signature.
import { createHash } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { UpdateInfo } from 'builder-util-runtime'
import { findFile, parseUpdateInfo, resolveFiles } from 'electron-updater/out/providers/Provider.js'
import semver from 'semver'
import { channelFile, type AvailableUpdate, type FeedSettings, type UpdateEngine } from './engine'

/** The installer electron-updater picks for each platform. */
const INSTALLER_EXTENSION: Partial<Record<NodeJS.Platform, string>> = {
  win32: 'exe',
  darwin: 'zip',
  linux: 'AppImage',
}

export interface FeedEngineOptions {
  currentVersion: string
  /** Where downloads land (`<data>/updates`). */
  cacheDir: string
  fetch?: typeof fetch
  platform?: NodeJS.Platform
  arch?: string
  /** Runs the verified installer; the app's adapter is electron.ts, tests record the call. */
  runInstaller: (file: string, options: { restart: boolean }) => Promise<void>
}

export class FeedError extends Error {
  override name = 'FeedError'
}

export function feedEngine(options: FeedEngineOptions): UpdateEngine {
  const fetchImpl = options.fetch ?? fetch
  const platform = options.platform ?? process.platform
  const arch = options.arch ?? process.arch
  let found: { info: UpdateInfo; baseUrl: URL } | null = null
  let downloaded: string | null = null

  return {
    currentVersion: options.currentVersion,
    capability: 'self',
    capabilityReason: 'Updates from the feed are checked, downloaded and verified here.',

    async check(feed: FeedSettings): Promise<AvailableUpdate | null> {
      if (feed.source.kind !== 'generic') {
        throw new FeedError('This build reads generic feeds only; set the feed address.')
      }
      const baseUrl = new URL(`${feed.source.url}/`)
      const file = channelFile(feed.channel, platform, arch)
      const url = new URL(file, baseUrl)
      const response = await fetchImpl(url, { headers: { 'cache-control': 'no-cache' } })
      if (!response.ok) {
        throw new FeedError(`The update feed answered ${response.status} for ${file}.`)
      }
      const info = parseUpdateInfo(await response.text(), file, url)
      if (!info || typeof info.version !== 'string' || !semver.valid(info.version)) {
        throw new FeedError(`${file} has no valid version.`)
      }
      // Stable never offers a prerelease, whatever the file says.
      if (feed.channel === 'stable' && semver.prerelease(info.version)) return null
      if (!semver.gt(info.version, options.currentVersion)) {
        found = null
        return null
      }
      found = { info, baseUrl }
      downloaded = null
      return { version: info.version, releaseDate: info.releaseDate ?? null }
    },

    async download(onProgress): Promise<void> {
      if (!found) throw new FeedError('Nothing to download: check for updates first.')
      const extension = INSTALLER_EXTENSION[platform]
      if (!extension) throw new FeedError(`No installer for ${platform}.`)
      const files = resolveFiles(found.info, found.baseUrl)
      const target = findFile(files, extension)
      if (!target) throw new FeedError(`The feed lists no .${extension} installer.`)
      const expected = target.info.sha512
      if (!expected) throw new FeedError('The feed gives no SHA-512 for the installer.')

      const response = await fetchImpl(target.url)
      if (!response.ok || !response.body) {
        throw new FeedError(`The installer download answered ${response.status}.`)
      }
      const total = target.info.size ?? Number(response.headers.get('content-length') ?? 0)
      const hash = createHash('sha512')
      const chunks: Uint8Array[] = []
      let received = 0
      for await (const chunk of response.body) {
        hash.update(chunk)
        chunks.push(chunk)
        received += chunk.length
        if (total > 0) onProgress(Math.min(100, Math.floor((received / total) * 100)))
      }
      if (hash.digest('base64') !== expected) {
        throw new FeedError(
          'The downloaded installer does not match its SHA-512; it was discarded.',
        )
      }
      await mkdir(options.cacheDir, { recursive: true })
      const file = join(options.cacheDir, basename(decodeURIComponent(target.url.pathname)))
      await writeFile(`${file}.part`, Buffer.concat(chunks))
      await rm(file, { force: true })
      await rename(`${file}.part`, file)
      downloaded = file
      onProgress(100)
    },

    async install(installOptions): Promise<void> {
      if (!downloaded) throw new FeedError('No verified update is downloaded.')
      await options.runInstaller(downloaded, installOptions)
    },
  }
}
