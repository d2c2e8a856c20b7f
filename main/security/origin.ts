// Where our renderer comes from, and the checks that depend on it. Pure, so the IPC sender
// check and the navigation guards are unit-tested without Electron.

/** The privileged custom scheme the packaged renderer is served from (not file://). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'tilldesk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
export const APP_ENTRY = `${APP_ORIGIN}/index.html`

/**
 * True when `url` is a page of ours: the app:// origin, or (development only) the Vite dev
 * server's exact origin. Compared as parsed origins, never by string prefix.
 */
export function isOwnUrl(url: string, devServerUrl: string | null = null): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST) return true
  if (devServerUrl) {
    try {
      return parsed.origin === new URL(devServerUrl).origin
    } catch {
      return false
    }
  }
  return false
}
