// Where updates may come from: only feeds this build carries. An update runs as Tilldesk, and
// an AppImage update is checked only against the SHA-512 its own feed states, so whoever
// chooses the feed chooses the code. The admin may pick among these; an address anywhere
// else is refused over IPC, and ignored (with a finding) when it is found in updates.json.
import type { UpdateSource } from '../../common/ipc/updates'

/**
 * Generic feeds (an https folder of a release's installers and `latest*.yml`) this build
 * accepts besides the project's GitHub Releases. Empty in Tilldesk's own build. A shop that
 * mirrors releases adds its address here and builds and signs its own copy (docs/release.md).
 */
export const ALLOWED_UPDATE_FEEDS: readonly string[] = []

/** True when `source` is GitHub Releases or one of `allowed` (addresses without a trailing /). */
export function feedAllowed(source: UpdateSource, allowed: readonly string[]): boolean {
  return source.kind === 'github' || allowed.includes(source.url.replace(/\/+$/, ''))
}

/** The allowed sources in words, for a refusal. */
export function describeAllowedFeeds(allowed: readonly string[]): string {
  return ['Tilldesk’s GitHub Releases', ...allowed].join(', ')
}
