// The thin Electron adapter: electron-updater behind the UpdateEngine port. electron-updater
// reads the same channel files as feed.ts and verifies what it downloads: the SHA-512 from
// the feed, the Windows publisher named at signing time, and the macOS code signature
// (Squirrel.Mac). It never installs on its own: autoInstallOnAppQuit is off, and the policy
// calls install() only when no charge is open and no payout is sending.
import { app } from 'electron'
import electronUpdater from 'electron-updater'
import type { Logger } from '../kernel/log'
import { GITHUB_FEED, noUpdates, type FeedSettings, type UpdateEngine } from './engine'

export function electronUpdateEngine(log: Logger): UpdateEngine {
  const currentVersion = app.getVersion()
  if (!app.isPackaged) {
    return noUpdates(
      currentVersion,
      'A development build: only installed copies update.',
      'updates.devBuild',
    )
  }
  const { autoUpdater } = electronUpdater
  const onLinux = process.platform === 'linux'
  // electron-builder's AppImage runtime sets APPIMAGE; any other Linux install is the deb.
  if (onLinux && !process.env.APPIMAGE) {
    return {
      ...engine(),
      capability: 'manual',
      capabilityReason:
        'This copy was installed from a .deb package: update it with your package manager (sudo apt update && sudo apt upgrade).',
      capabilityReasonKey: 'updates.deb',
    }
  }
  return engine()

  function engine(): UpdateEngine {
    autoUpdater.autoDownload = false
    autoUpdater.autoInstallOnAppQuit = false
    autoUpdater.allowDowngrade = false
    autoUpdater.logger = {
      info: (message?: unknown) => log.info(`updater: ${String(message)}`),
      warn: (message?: unknown) => log.warn(`updater: ${String(message)}`),
      error: (message?: unknown) => log.error(`updater: ${String(message)}`),
      debug: (message: string) => log.debug(`updater: ${message}`),
    }
    return {
      currentVersion,
      capability: 'self',
      capabilityReason: 'Updates are verified and installed by Tilldesk itself.',
      async check(feed: FeedSettings) {
        const beta = feed.channel === 'beta'
        autoUpdater.allowPrerelease = beta
        autoUpdater.channel = beta ? 'beta' : 'latest'
        autoUpdater.setFeedURL(
          feed.source.kind === 'generic'
            ? { provider: 'generic', url: feed.source.url, channel: autoUpdater.channel }
            : { ...GITHUB_FEED },
        )
        const result = await autoUpdater.checkForUpdates()
        if (!result?.isUpdateAvailable) return null
        const info = result.updateInfo
        return { version: info.version, releaseDate: info.releaseDate ?? null }
      },
      async download(onProgress) {
        const listener = (progress: { percent: number }) => onProgress(Math.floor(progress.percent))
        autoUpdater.on('download-progress', listener)
        try {
          await autoUpdater.downloadUpdate()
        } finally {
          autoUpdater.off('download-progress', listener)
        }
      },
      async install({ restart }) {
        // Silent on Windows (per-user NSIS, no UAC prompt); relaunch only at shift close.
        autoUpdater.quitAndInstall(true, restart)
      },
    }
  }
}
