// Links that may leave the app. Everything else is refused: the renderer can never open an
// arbitrary URL in the system browser (a classic Electron RCE vector via openExternal).

/** https hosts we send people to: our help pages and the gateway's merchant dashboard. */
export const EXTERNAL_ALLOW_LIST: readonly string[] = [
  'tilldesk.example',
  'help.tilldesk.example',
  'dashboard.gateway.example',
]

export function isAllowedExternalUrl(
  url: string,
  allowList: readonly string[] = EXTERNAL_ALLOW_LIST,
): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    allowList.includes(parsed.hostname)
  )
}

/** https anywhere, or http only on this computer; no credentials. For pages main chose. */
export function isPlainWebUrl(url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
  return (
    (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback)) &&
    parsed.username === '' &&
    parsed.password === ''
  )
}
