// The port between the update policy (policy.ts, plain Node) and whatever really checks,
// downloads and installs: electron-updater in the app (electron.ts), the feed client in Node
// (feed.ts: the preview and the tests, against a real latest.yml).
import type { UpdateChannel, UpdateSource } from '../../common/ipc/updates'

/**
 * - `self`: the installed copy replaces itself (Windows NSIS, macOS, Linux AppImage);
 * - `manual`: a package manager owns the files (deb), so we only say a newer version exists;
 * - `none`: nothing to update (a development build, the preview).
 */
export type UpdateCapability = 'self' | 'manual' | 'none'

export interface FeedSettings {
  channel: UpdateChannel
  source: UpdateSource
}

export interface AvailableUpdate {
  version: string
  releaseDate: string | null
}

export interface UpdateEngine {
  readonly currentVersion: string
  readonly capability: UpdateCapability
  /** Why the capability is what it is, in words (shown to the admin). */
  readonly capabilityReason: string
  /** The same sentence's key in the catalogue (`errors.<key>`), for the screen's language. */
  readonly capabilityReasonKey?: string
  /** The newest release on the channel when it is newer than this copy, else null. */
  check(feed: FeedSettings): Promise<AvailableUpdate | null>
  /** Fetches the update found by the last check and verifies its checksum (and signature). */
  download(onProgress: (percent: number) => void): Promise<void>
  /** Hands over to the installer. `restart`: start the new version afterwards. */
  install(options: { restart: boolean }): Promise<void>
}

/** The same repository as `publish` in electron-builder.yml (checked by a unit test). */
export const GITHUB_FEED = { provider: 'github', owner: 'tilldesk', repo: 'tilldesk' } as const

/** A copy that cannot update itself, with the reason (and its key, when not the usual one). */
export function noUpdates(
  currentVersion: string,
  reason: string,
  reasonKey = 'updates.none',
): UpdateEngine {
  const refuse = () => Promise.reject(new Error(reason))
  return {
    currentVersion,
    capability: 'none',
    capabilityReason: reason,
    capabilityReasonKey: reasonKey,
    check: refuse,
    download: refuse,
    install: refuse,
  }
}

/** electron-updater's channel file for a channel on this platform (latest.yml, beta-mac.yml…). */
export function channelFile(
  channel: UpdateChannel,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): string {
  const name = channel === 'stable' ? 'latest' : channel
  if (platform === 'linux') return `${name}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`
  if (platform === 'darwin') return `${name}-mac.yml`
  return `${name}.yml`
}
